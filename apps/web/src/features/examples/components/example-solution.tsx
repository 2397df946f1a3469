import { Button, Group } from '@mantine/core';
import type { HelpKind } from '@exemplar/shared/attempts';
import type { Example } from '@exemplar/shared/catalogue';
import { procedureSteps } from '@exemplar/shared/math';
import { IconEye, IconEyeOff, IconListNumbers } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useServerRender } from '../../../lib/hydration';
import { usePracticeMode } from '../hooks/use-practice-mode';
import { FoldedSolution } from './folded-solution';
import { MathSection } from './math-section';
import { ProcedureSteps } from './procedure-steps';
import ladder from './procedure-steps.module.css';

export interface ExampleSolutionProps {
  example: Example;
  /** Conceal answer and procedure as practice mode does, even when practice mode is off (the learner is attempting the example). */
  concealed?: boolean;
  /** Show answer and procedure whole, even in practice mode (the learner's answer was accepted). */
  revealed?: boolean;
  /** Called each time the learner opens help: 'step' for each step revealed (Show all counts as steps), 'answer' when the answer is shown. */
  onHelp?: (kind: HelpKind) => void;
}

/** Where focus goes after the next render: a revealed part, or the button that brings it back. */
type FocusTarget =
  { step: number } | 'answer' | 'procedure' | 'show-answer' | 'show-procedure' | 'show-next';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Answer and (if any) Procedure of an example. Shown as they are, unless concealed (practice mode,
 * or `concealed` while the learner attempts the example): then the answer waits behind 'Show
 * answer' and the procedure is revealed a step at a time ('Show next step', or 'Show all'; steps
 * as procedureSteps divides it), each step under "Step k of n" and focused as it appears. A
 * procedure of one step keeps a single 'Show procedure'. Turning practice mode on or off, or
 * `concealed` on, hides everything again; `revealed` (an accepted answer) shows everything.
 */
export function ExampleSolution({
  example,
  concealed = false,
  revealed = false,
  onHelp,
}: ExampleSolutionProps) {
  const [practice] = usePracticeMode();
  const hidden = (practice || concealed) && !revealed;
  const steps = useMemo(() => procedureSteps(example.procedure ?? ''), [example.procedure]);
  const [answerShown, setAnswerShown] = useState(false);
  const [stepsShown, setStepsShown] = useState(0);
  const [last, setLast] = useState({ practice, concealed });
  if (last.practice !== practice || last.concealed !== concealed) {
    setLast({ practice, concealed });
    if (last.practice !== practice || concealed) {
      setAnswerShown(false);
      setStepsShown(0);
    }
  }
  // Drawn by the server, which cannot know practice mode: marked, so that the page's first script
  // (color-scheme.js) hides them before paint when practice mode is on, until the app has taken
  // over (then this state decides alone). Concealed from the start (try first, which the server
  // knows), they are drawn as closed disclosures until then (folded-solution.tsx).
  const serverRendered = useServerRender();

  // Focus follows each reveal and hide (a new object each time, so the same target twice moves it
  // twice): to what was revealed, or back to the button that reveals it again.
  const [focus, setFocus] = useState<{ target: FocusTarget } | null>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const procedureRef = useRef<HTMLDivElement>(null);
  const stepsRef = useRef<HTMLOListElement>(null);
  const showAnswerRef = useRef<HTMLButtonElement>(null);
  const showProcedureRef = useRef<HTMLButtonElement>(null);
  const showNextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    const { target } = focus;
    const element =
      typeof target === 'object'
        ? stepsRef.current?.querySelector<HTMLElement>(`[data-step="${target.step + 1}"]`)
        : {
            answer: answerRef,
            procedure: procedureRef,
            'show-answer': showAnswerRef,
            'show-procedure': showProcedureRef,
            'show-next': showNextRef,
          }[target].current;
    element?.focus();
  }, [focus]);
  const leftId = useId();

  if (!hidden) {
    return (
      <>
        <MathSection
          label="Answer"
          text={example.answer}
          tone="answer"
          practicePart={serverRendered ? 'answer' : undefined}
        />
        {steps.length > 0 ? (
          <MathSection
            label="Procedure"
            text={example.procedure ?? ''}
            tone="procedure"
            practicePart={serverRendered ? 'procedure' : undefined}
          />
        ) : null}
      </>
    );
  }

  if (serverRendered) return <FoldedSolution example={example} withProcedure={steps.length > 0} />;

  const reveal = (count: number) => {
    setFocus({ target: steps.length > 1 ? { step: stepsShown } : 'procedure' });
    for (let i = 0; i < count; i++) onHelp?.('step');
    setStepsShown(stepsShown + count);
  };
  const hideProcedure = () => {
    setFocus({ target: steps.length > 1 ? 'show-next' : 'show-procedure' });
    setStepsShown(0);
  };
  const showAnswer = () => {
    setFocus({ target: 'answer' });
    onHelp?.('answer');
    setAnswerShown(true);
  };
  const hideAnswer = () => {
    setFocus({ target: 'show-answer' });
    setAnswerShown(false);
  };

  const hideButton = (part: 'answer' | 'procedure', onClick: () => void) => (
    <Button
      variant="subtle"
      color="gray"
      size="compact-xs"
      leftSection={<IconEyeOff size={14} aria-hidden />}
      onClick={onClick}
    >
      Hide {part}
    </Button>
  );
  const left = steps.length - stepsShown;
  const controls: ReactNode[] = [];
  if (steps.length === 1 && stepsShown === 0) {
    controls.push(
      <RevealButton key="procedure" ref={showProcedureRef} icon={IconEye} onClick={() => reveal(1)}>
        Show procedure
      </RevealButton>,
    );
  } else if (steps.length > 1 && left > 0) {
    controls.push(
      <RevealButton
        key="next"
        ref={showNextRef}
        icon={IconListNumbers}
        describedBy={leftId}
        onClick={() => reveal(1)}
      >
        Show next step
      </RevealButton>,
      <RevealButton key="all" variant="subtle" describedBy={leftId} onClick={() => reveal(left)}>
        Show all
      </RevealButton>,
      <span key="left" id={leftId} className={ladder.left}>
        {stepsShown === 0
          ? `Procedure in ${plural(steps.length, 'step')}`
          : `${plural(left, 'step')} left`}
      </span>,
    );
  }
  if (!answerShown) {
    controls.push(
      <RevealButton
        key="answer"
        ref={showAnswerRef}
        icon={IconEye}
        color="teal"
        onClick={showAnswer}
      >
        Show answer
      </RevealButton>,
    );
  }

  return (
    <>
      {answerShown ? (
        <div ref={answerRef} tabIndex={-1} className={ladder.focusTarget}>
          <MathSection
            label="Answer"
            text={example.answer}
            tone="answer"
            action={hideButton('answer', hideAnswer)}
          />
        </div>
      ) : null}
      {steps.length === 1 && stepsShown > 0 ? (
        <div ref={procedureRef} tabIndex={-1} className={ladder.focusTarget}>
          <MathSection
            label="Procedure"
            text={example.procedure ?? ''}
            tone="procedure"
            action={hideButton('procedure', hideProcedure)}
          />
        </div>
      ) : null}
      {steps.length > 1 && stepsShown > 0 ? (
        <ProcedureSteps
          ref={stepsRef}
          steps={steps}
          shown={stepsShown}
          action={hideButton('procedure', hideProcedure)}
        />
      ) : null}
      {controls.length > 0 ? (
        <Group gap="xs" data-testid="practice-reveal">
          {controls}
        </Group>
      ) : null}
    </>
  );
}

/** One of the buttons that reveal a part: small, light (else `subtle`), gray (else `color`). */
function RevealButton({
  ref,
  icon: Icon,
  variant = 'light',
  color = 'gray',
  describedBy,
  onClick,
  children,
}: {
  ref?: RefObject<HTMLButtonElement | null>;
  icon?: typeof IconEye;
  variant?: 'light' | 'subtle';
  color?: 'gray' | 'teal';
  describedBy?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      ref={ref}
      variant={variant}
      color={color}
      size="sm"
      leftSection={Icon ? <Icon size={16} aria-hidden /> : undefined}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
