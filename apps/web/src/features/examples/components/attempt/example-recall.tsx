import { Button, Stack } from '@mantine/core';
import type { HelpKind } from '@exemplar/shared/attempts';
import type { Example } from '@exemplar/shared/catalogue';
import { IconPencil } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useRecordHelp } from '../../api/check-answer';
import { ExampleSolution } from '../example-solution';
import { MathSection } from '../math-section';
import { LazyAnswerPanel } from './lazy-answer-panel';
import { isUncheckable, UncheckableNote } from './uncheckable-note';

export interface ExampleRecallProps {
  example: Example;
  /** The answer is on screen: shown by the learner, or an accepted answer revealed it. */
  onAnswerShown: () => void;
  /** An answer was checked: `helped` when a step or the answer had been shown before it. */
  onChecked: (check: { correct: boolean; helped: boolean }) => void;
}

/**
 * An example to recall (a review): the question, 'Try it yourself' and the solution concealed
 * from the start, whatever practice mode says, revealed a step at a time or with 'Show answer'.
 * An accepted answer shows the whole solution; an answer not checked automatically has a note
 * saying so in place of 'Try it yourself'. Each step or answer shown is recorded as help, as
 * on the examples' pages.
 */
export function ExampleRecall({ example, onAnswerShown, onChecked }: ExampleRecallProps) {
  const [open, setOpen] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const helped = useRef(false);
  const recordHelp = useRecordHelp(example.id);
  const onHelp = (kind: HelpKind) => {
    helped.current = true;
    recordHelp(kind);
    if (kind === 'answer') onAnswerShown();
  };
  return (
    <Stack gap="md">
      <MathSection label="Question" text={example.question} />
      {isUncheckable(example) ? (
        <UncheckableNote />
      ) : open ? (
        <LazyAnswerPanel
          example={example}
          onAccepted={() => {
            setAccepted(true);
            onChecked({ correct: true, helped: helped.current });
            onAnswerShown();
          }}
          onRejected={() => onChecked({ correct: false, helped: helped.current })}
        />
      ) : (
        <div>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            Try it yourself
          </Button>
        </div>
      )}
      <ExampleSolution example={example} concealed revealed={accepted} onHelp={onHelp} />
    </Stack>
  );
}
