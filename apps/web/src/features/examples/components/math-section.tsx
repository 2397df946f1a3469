import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { MathText } from '../../../components/math/math-text';
import classes from './examples.module.css';

/** A labelled block of maths: Question, Answer, Procedure. */
export function MathSection({
  label,
  text,
  tone,
  action,
  practicePart,
}: {
  label: string;
  text: string;
  tone?: 'answer' | 'procedure';
  /** Marks an answer or procedure drawn by the server, which practice mode hides before paint. */
  practicePart?: 'answer' | 'procedure';
  /** A small control beside the label (e.g. 'Hide answer' in practice mode). */
  action?: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      className={tone ? classes[tone] : undefined}
      data-section={label.toLowerCase()}
      data-practice-part={practicePart}
    >
      {action ? (
        <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
          <div className={classes.sectionLabel} style={{ marginBottom: 0 }}>
            {label}
          </div>
          {action}
        </Group>
      ) : (
        <div className={classes.sectionLabel}>{label}</div>
      )}
      <MathText text={text} errorLabel="(LaTeX Error)" className={classes.math} />
    </Box>
  );
}
