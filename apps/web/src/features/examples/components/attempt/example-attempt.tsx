import { Button } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useRecordHelp } from '../../api/check-answer';
import { ExampleSolution } from '../example-solution';
import { AnswerPanel } from './answer-panel';

/**
 * An example's solution with 'Try it yourself': opening the answer panel conceals the answer and
 * procedure (revealed a step at a time, or when an answer is accepted). Every step or answer the
 * learner reveals is recorded for a signed-in learner, so a later accepted answer counts as
 * solved with help.
 */
export function ExampleAttempt({ example, size = 'sm' }: { example: Example; size?: 'xs' | 'sm' }) {
  const [open, setOpen] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const onHelp = useRecordHelp(example.id);
  return (
    <>
      {open ? (
        <AnswerPanel example={example} onAccepted={() => setAccepted(true)} />
      ) : (
        <div>
          <Button
            variant="light"
            size={size}
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            Try it yourself
          </Button>
        </div>
      )}
      <ExampleSolution example={example} concealed={open && !accepted} onHelp={onHelp} />
    </>
  );
}
