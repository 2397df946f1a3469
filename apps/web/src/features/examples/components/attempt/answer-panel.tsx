import { Button, Group, Text } from '@mantine/core';
import type { CheckAnswerResult } from '@exemplar/shared/attempts';
import type { Example } from '@exemplar/shared/catalogue';
import { IconCircleCheckFilled, IconCircleX, IconInfoCircle, IconSend2 } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { failureMessage } from '../../../../lib/api-error';
import { useCheckAnswer } from '../../api/check-answer';
import { useAnswerReading } from '../../hooks/use-answer-reading';
import { SolveMarkBadge } from '../solve-mark-badge';
import { AnswerReadingView } from './answer-reading';
import classes from './attempt.module.css';
import { LazyMathField } from './lazy-math-field';

/** The message beside the field when nothing was typed (the server says the same). */
export const EMPTY_ANSWER_MESSAGE = 'Type an answer to check.';

/**
 * What may be typed besides the plain answer, from the example's spec: the letter of a multiple
 * choice, the unit of a quantity. Null when there is nothing to say.
 */
export function answerHint({ kind, unit }: Example['answerSpec']): string | null {
  if (kind === 'choice') return 'Type the letter of your choice (A, B, …) or its value.';
  if (unit) return `You may type the unit (${unit}) after the value, or leave it out.`;
  return null;
}

/**
 * What the last check said, the answer it was for, and how many checks there were (so a repeat is
 * announced again).
 */
interface Verdict {
  result: CheckAnswerResult;
  answer: string;
  attempt: number;
}

/**
 * 'Your answer': a maths field, 'Check answer' (or Enter in the field) and the verdict, read out
 * by screen readers. Under the field, once typing pauses, the answer as the checker reads it
 * ("We read your answer as …", typeset), or the part it cannot read. A verdict is for the answer it checked: it goes as soon as the answer is
 * changed, and an answer the server cannot read (or a failed check) leaves only a message beside
 * the field, never an older verdict under it. `onAccepted` follows an accepted answer, `onRejected`
 * a wrong one (not one the server could not compare: the example's answer is not checkable);
 * `note`, if any, is shown under the label (what an accepted answer will count as).
 */
export function AnswerPanel({
  example,
  onAccepted,
  onRejected,
  note,
}: {
  example: Example;
  onAccepted: () => void;
  onRejected?: () => void;
  note?: string;
}) {
  const check = useCheckAnswer(example.id);
  const [latex, setLatex] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** The field's answer now, to tell whether a verdict that arrives is still for it. */
  const current = useRef('');
  const attempts = useRef(0);
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const readingId = `${id}-reading`;
  const reading = useAnswerReading(example.id, latex);
  const hint = answerHint(example.answerSpec);
  const describedBy = [hint ? hintId : null, readingId, fieldError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const submit = () => {
    if (check.isPending) return;
    const answer = latex.trim();
    if (!answer) {
      setFieldError(EMPTY_ANSWER_MESSAGE);
      return;
    }
    check.mutate(answer, {
      onSuccess: (result) => {
        setFieldError(null);
        attempts.current += 1;
        // An answer changed while it was being checked: its verdict is not for what is typed now.
        setVerdict(
          current.current.trim() === answer ? { result, answer, attempt: attempts.current } : null,
        );
        if (result.correct) onAccepted();
        // An answer that could not be compared is not a wrong one.
        else if (result.checkable !== false) onRejected?.();
      },
      onError: (error) => {
        setVerdict(null);
        setFieldError(failureMessage(error, 'Could not check the answer. Please try again.'));
      },
    });
  };

  return (
    <section className={classes.panel} aria-labelledby={labelId} data-testid="answer-panel">
      <span className={classes.label} id={labelId}>
        Your answer
      </span>
      {note ? (
        <Text size="xs" c="dimmed" mb={6} data-testid="answer-note">
          {note}
        </Text>
      ) : null}
      {hint ? (
        <Text size="xs" c="dimmed" mb={6} id={hintId} data-testid="answer-hint">
          {hint}
        </Text>
      ) : null}
      <LazyMathField
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={fieldError !== null}
        onValueChange={(value) => {
          setLatex(value);
          current.current = value;
          if (fieldError) setFieldError(null);
          // A verdict is for the answer it checked, not for a changed one.
          setVerdict((last) => (last && last.answer !== value.trim() ? null : last));
        }}
        onSubmit={submit}
      />
      <AnswerReadingView id={readingId} reading={reading} />
      {fieldError ? (
        <Text size="sm" c="var(--mantine-color-error)" mt={6} id={errorId} role="alert">
          {fieldError}
        </Text>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="sm" mt="sm" wrap="wrap">
        <div
          role="status"
          aria-atomic="true"
          className={classes.verdict}
          data-testid="verdict-status"
        >
          {verdict ? <VerdictText key={verdict.attempt} result={verdict.result} /> : null}
        </div>
        <Button
          onClick={submit}
          loading={check.isPending}
          leftSection={<IconSend2 size={16} aria-hidden />}
        >
          Check answer
        </Button>
      </Group>
    </section>
  );
}

function VerdictText({ result }: { result: CheckAnswerResult }) {
  if (result.checkable === false) {
    // Nothing was compared: the example's answer is one the checker cannot read.
    return (
      <div data-testid="verdict" data-checkable="false">
        <Group gap={6} wrap="nowrap">
          <IconInfoCircle size={20} color="var(--mantine-color-blue-filled)" aria-hidden />
          <Text fw={700} size="md">
            Not checked.
          </Text>
        </Group>
        <Text size="sm" mt={4}>
          {result.feedback}
        </Text>
      </div>
    );
  }
  return (
    <div data-testid="verdict" data-correct={result.correct}>
      <Group gap={6} wrap="nowrap">
        {result.correct ? (
          <IconCircleCheckFilled size={20} color="var(--mantine-color-teal-filled)" aria-hidden />
        ) : (
          <IconCircleX size={20} color="var(--mantine-color-orange-filled)" aria-hidden />
        )}
        <Text fw={700} size="md">
          {result.correct ? 'Correct!' : 'Not quite.'}
        </Text>
        {result.solveMark ? <SolveMarkBadge mark={result.solveMark} /> : null}
      </Group>
      {result.feedback ? (
        <Text size="sm" mt={4}>
          {result.feedback}
        </Text>
      ) : null}
      {result.correct ? null : (
        <Text size="sm" c="dimmed" mt={4}>
          Try again, or show the next step of the solution below.
        </Text>
      )}
    </div>
  );
}
