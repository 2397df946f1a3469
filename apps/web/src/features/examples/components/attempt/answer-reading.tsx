import type { AnswerReading } from '@exemplar/shared/answer-spec';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MathText } from '../../../../components/math/math-text';
import classes from './attempt.module.css';

/**
 * The answer as the checker reads it, typeset, under the field and before any verdict ("We read
 * your answer as x = e^2 x"), or the part it cannot read in plain words. The element is always
 * there (its id describes the field), empty until there is a reading.
 */
export function AnswerReadingView({ id, reading }: { id: string; reading: AnswerReading | null }) {
  return (
    <div id={id} className={classes.reading} data-testid="answer-reading">
      {reading === null ? null : 'reading' in reading ? (
        <Group gap={6} wrap="nowrap" align="baseline">
          <Text size="sm" c="dimmed" className={classes.readingLabel}>
            We read your answer as
          </Text>
          <MathText
            inline
            className={classes.readingMath}
            text={`\\(${reading.reading}\\)`}
            errorLabel="(cannot show)"
          />
        </Group>
      ) : (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={18}
            color="var(--mantine-color-orange-filled)"
            aria-hidden
            className={classes.readingIcon}
          />
          <Text size="sm" data-testid="answer-reading-problem">
            {reading.problem}
          </Text>
        </Group>
      )}
    </div>
  );
}
