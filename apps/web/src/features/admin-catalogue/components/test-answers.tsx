import {
  AnswerSpecSchema,
  MAX_TEST_ANSWERS,
  type AnswerSpec,
  type TestAnswer,
  type TriedAnswer,
} from '@exemplar/shared/answer-spec';
import { ActionIcon, Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconPlayerPlay,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MathText } from '../../../components/math/math-text';
import { failureMessage } from '../../../lib/api-error';
import { useTryAnswers } from '../api/try-answers';
import { agrees, verdictWords } from '../lib/answer-spec-words';
import { renderProblems } from './math-field';
import classes from './admin.module.css';

interface TestAnswersProps {
  /** The form's question, answer and spec now (unsaved): what answers are tried against. */
  question: string;
  answer: string;
  spec: AnswerSpec | null;
  kept: TestAnswer[];
  onKeptChange: (kept: TestAnswer[]) => void;
  /** The spec the checker inferred on the last try (null when the spec was set by hand). */
  onInferred: (spec: AnswerSpec | null) => void;
}

/** The last try: what it was for (question, answer and spec) and each answer's outcome. */
interface Tried {
  key: string;
  results: Map<string, TriedAnswer>;
}

/** What a kept answer must do, in words and colour: the buttons that keep it and its badge. */
const EXPECTATIONS = [
  { accept: true, label: 'Must be accepted', color: 'teal' },
  { accept: false, label: 'Must be refused', color: 'orange' },
] as const;
const expectation = (accept: boolean) => EXPECTATIONS[accept ? 0 : 1];

const keyOf = (question: string, answer: string, spec: AnswerSpec | null) =>
  JSON.stringify([question.trim(), answer.trim(), spec]);

/**
 * Test answers: the editor types an answer as a learner would, presses Try (or Enter) and sees
 * how the checker answers it under the form's current, unsaved spec; each can be kept as "must be
 * accepted" or "must be refused". Kept ones are saved with the example and listed with their
 * verdict on the last try and whether it agrees (a mismatch is said in words, not only a colour).
 * Every try checks the kept answers again, and a change to the question, answer or spec marks
 * their verdicts as out of date until the next try.
 */
export function TestAnswers({
  question,
  answer,
  spec,
  kept,
  onKeptChange,
  onInferred,
}: TestAnswersProps) {
  const keptId = useId();
  const [draft, setDraft] = useState('');
  /** Tried answers not kept (yet), newest first. */
  const [loose, setLoose] = useState<string[]>([]);
  const [tried, setTried] = useState<Tried | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useTryAnswers();
  const key = keyOf(question, answer, spec);
  const current = tried?.key === key ? tried.results : null;

  const run = () => {
    if (attempt.isPending) return;
    const typed = draft.trim();
    const keptAnswers = kept.map((test) => test.answer);
    const newLoose =
      typed && !keptAnswers.includes(typed) ? [typed, ...loose.filter((a) => a !== typed)] : loose;
    const answers = [...new Set([...newLoose, ...keptAnswers])].slice(0, MAX_TEST_ANSWERS);
    if (!answers.length) return setProblem('Type an answer to try.');
    if (!answer.trim())
      return setProblem('Write the example’s answer first: answers are tried against it.');
    const parsed = spec === null ? null : AnswerSpecSchema.safeParse(spec);
    if (parsed && !parsed.success) return setProblem(parsed.error.issues[0]!.message);
    setProblem(null);
    attempt.mutate(
      { question, answer: answer.trim(), answerSpec: parsed ? parsed.data : null, answers },
      {
        onSuccess: (result) => {
          setTried({ key, results: new Map(result.results.map((r) => [r.answer, r])) });
          setLoose(newLoose.filter((a) => answers.includes(a)));
          setDraft('');
          onInferred(result.inferred ? result.answerSpec : null);
        },
        onError: (error) => setProblem(failureMessage(error, 'Could not try the answers.')),
      },
    );
  };

  const keep = (text: string, accept: boolean) => {
    onKeptChange([...kept.filter((test) => test.answer !== text), { answer: text, accept }]);
    setLoose((list) => list.filter((a) => a !== text));
  };
  const remove = (text: string) => onKeptChange(kept.filter((test) => test.answer !== text));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter tries the answer; it must not submit the example's form.
    if (event.key === 'Enter') {
      event.preventDefault();
      run();
    }
  };

  const mismatches = current
    ? kept.filter((test) => {
        const result = current.get(test.answer);
        return result && !agrees(test, result);
      }).length
    : 0;
  const full = kept.length >= MAX_TEST_ANSWERS;

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          className={classes.grow}
          label="What a learner types"
          description={
            'In LaTeX, as the answer box sends it: x = 2 \\lor x = 3, \\frac{1}{2}, B. Enter or Try checks it.'
          }
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={problem ?? undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button
          onClick={run}
          loading={attempt.isPending}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          mb={problem ? 22 : 0}
        >
          Try
        </Button>
      </Group>
      <div role="status" aria-live="polite" data-testid="try-summary">
        {current ? (
          <Text size="sm" c="dimmed">
            {`Tried under the current spec.`}
            {mismatches
              ? ` ${mismatches} kept answer${mismatches === 1 ? '' : 's'} not as expected.`
              : ''}
          </Text>
        ) : tried ? (
          <Text size="sm" c="dimmed">
            The question, answer or spec changed since the last try: press Try to check again.
          </Text>
        ) : null}
      </div>
      {loose.length ? (
        <ul className={classes.testList} aria-label="Tried answers">
          {loose.map((text) => {
            const result = current?.get(text);
            return (
              <li key={text} className={classes.testRow} data-testid="tried-answer">
                <AnswerText text={text} />
                {result ? <Verdict result={result} /> : <Stale />}
                <Group gap={6} wrap="wrap">
                  {EXPECTATIONS.map(({ accept, label, color }) => (
                    <Button
                      key={label}
                      size="compact-xs"
                      variant="light"
                      color={color}
                      disabled={full}
                      onClick={() => keep(text, accept)}
                      aria-label={`Keep ${text}: ${label.toLowerCase()}`}
                    >
                      {label}
                    </Button>
                  ))}
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`Dismiss ${text}`}
                    onClick={() => setLoose((list) => list.filter((a) => a !== text))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Text size="sm" fw={600} id={keptId}>
        Kept test answers ({kept.length} of at most {MAX_TEST_ANSWERS})
      </Text>
      {kept.length ? (
        <ul className={classes.testList} aria-labelledby={keptId}>
          {kept.map((test) => {
            const result = current?.get(test.answer);
            const ok = result ? agrees(test, result) : null;
            return (
              <li
                key={test.answer}
                className={classes.testRow}
                data-testid="kept-answer"
                data-agrees={ok ?? undefined}
              >
                <AnswerText text={test.answer} />
                <Badge variant="light" color={expectation(test.accept).color}>
                  {expectation(test.accept).label}
                </Badge>
                {result ? <Verdict result={result} /> : <Stale />}
                {ok === null ? null : <Agreement ok={ok} accept={test.accept} />}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove test answer ${test.answer}`}
                  onClick={() => remove(test.answer)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </li>
            );
          })}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          None yet: try an answer and keep it as one that must be accepted or refused.
        </Text>
      )}
    </Stack>
  );
}

/** A tried answer typeset, or as typed when it cannot be (an unclosed brace). */
function AnswerText({ text }: { text: string }) {
  const maths = `\\(${text}\\)`;
  return (
    <span className={classes.testAnswer}>
      {renderProblems(maths).length ? <Code>{text}</Code> : <MathText inline text={maths} />}
    </span>
  );
}

function Verdict({ result }: { result: TriedAnswer }) {
  const { word, detail } = verdictWords(result);
  const color = word === 'Accepted' ? 'teal' : word === 'Refused' ? 'orange' : 'gray';
  return (
    <Group gap={6} wrap="wrap" className={classes.testVerdict}>
      <Badge variant="outline" color={color}>
        {word}
      </Badge>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Group>
  );
}

/** Whether the checker's verdict on a kept answer is the one it must give, in words. */
function Agreement({ ok, accept }: { ok: boolean; accept: boolean }) {
  const Icon = ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={16} color={`var(--mantine-color-${ok ? 'teal' : 'red'}-filled)`} aria-hidden />
      {ok ? (
        <Text size="sm">As expected</Text>
      ) : (
        <Text size="sm" fw={700} c="var(--mantine-color-error)">
          Mismatch: {accept ? 'the checker does not accept it' : 'the checker accepts it'}
        </Text>
      )}
    </Group>
  );
}

function Stale() {
  return (
    <Text size="xs" c="dimmed" className={classes.testVerdict}>
      Not tried under the current spec
    </Text>
  );
}
