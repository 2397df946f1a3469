import type { AnswerSpec, TestAnswer } from '@exemplar/shared/answer-spec';
import { Fieldset, Text } from '@mantine/core';
import { useState } from 'react';
import { AnswerSpecFields } from './answer-spec-fields';
import { TestAnswers } from './test-answers';

interface AnswerCheckingProps {
  question: string;
  answer: string;
  /** The spec set by hand, or null: inferred. */
  spec: AnswerSpec | null;
  /** What the saved example's spec was inferred as (null when set by hand, or a new example). */
  savedInferred: AnswerSpec | null;
  onSpecChange: (spec: AnswerSpec | null) => void;
  testAnswers: TestAnswer[];
  onTestAnswersChange: (answers: TestAnswer[]) => void;
  error?: string;
}

/**
 * The example form's "Answer checking": what counts as a right answer (inferred, or set by hand)
 * and the test answers that must be accepted or refused under it, tried before saving.
 */
export function AnswerChecking({
  question,
  answer,
  spec,
  savedInferred,
  onSpecChange,
  testAnswers,
  onTestAnswersChange,
  error,
}: AnswerCheckingProps) {
  /** The spec the checker inferred on the last try, which may differ from the saved one. */
  const [inferred, setInferred] = useState<AnswerSpec | null>(null);
  return (
    <Fieldset legend="Answer checking" variant="filled" data-testid="answer-checking">
      <Text size="xs" c="dimmed" mb="xs">
        What counts as a right answer when a learner checks theirs.
      </Text>
      <AnswerSpecFields
        value={spec}
        inferred={inferred ?? savedInferred}
        onChange={onSpecChange}
        error={error}
      />
      <Text size="sm" fw={600} mt="md" mb={4}>
        Test answers
      </Text>
      <TestAnswers
        question={question}
        answer={answer}
        spec={spec}
        kept={testAnswers}
        onKeptChange={onTestAnswersChange}
        onInferred={(found) => {
          if (found) setInferred(found);
        }}
      />
    </Fieldset>
  );
}
