import { Group, Text } from '@mantine/core';
import { NOT_CHECKED_MESSAGE } from '@exemplar/shared/answer-words';
import type { Example } from '@exemplar/shared/catalogue';
import { IconInfoCircle } from '@tabler/icons-react';

/** What a learner reads, before typing anything, about an answer the checker does not check. */
export const UNCHECKABLE_NOTE = NOT_CHECKED_MESSAGE;

/** The example's answer is not checked automatically (its spec's kind is `none`). */
export const isUncheckable = (example: Example) => example.answerSpec.kind === 'none';

/** Shown instead of 'Try it yourself' for an answer that is not checked (server-rendered too). */
export function UncheckableNote() {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="uncheckable-note">
      <IconInfoCircle
        size={18}
        color="var(--mantine-color-blue-filled)"
        aria-hidden
        style={{ flex: 'none', marginTop: 2 }}
      />
      <Text size="sm">{UNCHECKABLE_NOTE}</Text>
    </Group>
  );
}
