import { Button } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useViewer } from '../../../../lib/auth/use-viewer';
import { useRecordHelp } from '../../api/check-answer';
import { usePracticeMode } from '../../hooks/use-practice-mode';
import { ExampleSolution } from '../example-solution';
import { LazyAnswerPanel } from './lazy-answer-panel';
import { isUncheckable, UncheckableNote } from './uncheckable-note';

/**
 * An example's solution with 'Try it yourself' (not for a draft, which answers are not checked
 * against until it is published): opening the answer panel conceals the answer and
 * procedure (revealed a step at a time, or when an answer is accepted). With try first on (an
 * example's page, `tryFirst`) they are folded from the start, and stay folded after a refused
 * answer, so the learner can try again. Every step or answer the learner reveals is recorded for
 * a signed-in learner, so a later accepted answer counts as solved with help. So is the answer
 * itself when it was on screen as the panel opened (practice mode and try first off): only an
 * example tried with its answer unseen can be solved without help, and the panel says so, naming
 * the setting that folds it where the learner is. An answer that is not checked automatically
 * (spec kind `none`) gets a note saying so in place of 'Try it yourself', before anything is typed.
 */
export function ExampleAttempt({
  example,
  size = 'sm',
  tryFirst,
}: {
  example: Example;
  size?: 'xs' | 'sm';
  /** On an example's page: whether try first folds the answer and procedure. */
  tryFirst?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [answerSeen, setAnswerSeen] = useState(false);
  const [practice] = usePracticeMode();
  const signedIn = useViewer() !== null;
  const onHelp = useRecordHelp(example.id);
  const start = () => {
    if (!practice && !tryFirst) {
      onHelp('answer');
      setAnswerSeen(true);
    }
    setOpen(true);
  };
  return (
    <>
      {example.status === 'draft' ? null : isUncheckable(example) ? (
        <UncheckableNote />
      ) : open ? (
        <LazyAnswerPanel
          example={example}
          onAccepted={() => setAccepted(true)}
          note={
            answerSeen && signedIn
              ? `The answer was showing, so a right answer counts as solved with help. Turn on ${tryFirst === undefined ? 'practice mode' : 'Try first'} to try without seeing it.`
              : undefined
          }
        />
      ) : (
        <div>
          <Button
            variant="light"
            size={size}
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={start}
          >
            Try it yourself
          </Button>
        </div>
      )}
      <ExampleSolution
        example={example}
        concealed={open || tryFirst === true}
        revealed={accepted}
        onHelp={onHelp}
      />
    </>
  );
}
