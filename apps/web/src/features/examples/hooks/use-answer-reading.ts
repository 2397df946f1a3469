import type { AnswerReading } from '@exemplar/shared/answer-spec';
import { useEffect, useState } from 'react';
import { readAnswer } from '../api/read-answer';

/** How long typing must pause before the answer is read back. */
export const READ_BACK_DELAY_MS = 300;

/**
 * "We read your answer as …": how the checker reads `answer` (the field's LaTeX), asked once the
 * learner pauses typing. Only the reading of the answer as it is now is returned: a change aborts
 * the request in flight and drops the last reading at once, so a reading (like a verdict) never
 * sits under an answer it was not made for. A failed request leaves no reading (the check still
 * says what it can).
 */
export function useAnswerReading(exampleId: number, answer: string): AnswerReading | null {
  const [last, setLast] = useState<{ answer: string; reading: AnswerReading } | null>(null);
  const wanted = answer.trim();

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      readAnswer(exampleId, wanted, controller.signal).then(
        (reading) => {
          if (!controller.signal.aborted) setLast({ answer: wanted, reading });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('Could not read the answer back', error);
        },
      );
    }, READ_BACK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [exampleId, wanted]);

  return last && last.answer === wanted ? last.reading : null;
}
