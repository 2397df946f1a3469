// An editor's answers tried against a stored answer under a spec (the example form's unsaved
// fields) before saving: each one's verdict, or the message a learner would read instead.
import type { TryAnswersBody, TryAnswersResult } from '@exemplar/shared/answer-spec';
import { AppError } from '../../lib/errors';
import type { AnswerCheckPool } from './answer-check.pool';
import { inferAnswerSpec } from './infer-spec';

/**
 * Checks each of `answers` against `answer` under `answerSpec` (null: the spec inferred from the
 * answer and question, reported with `inferred: true`), one after another through the pool. A
 * refusal (the answer cannot be read, or is too complex) is that answer's outcome; the checker
 * being unavailable (AppError 503) fails the whole try.
 */
export async function tryAnswers(
  pool: Pick<AnswerCheckPool, 'check'>,
  { question, answer, answerSpec, answers }: TryAnswersBody,
  client?: string,
): Promise<TryAnswersResult> {
  const spec = answerSpec ?? inferAnswerSpec(question, answer);
  const results: TryAnswersResult['results'] = [];
  for (const given of answers) {
    try {
      const verdict = await pool.check({ question, expected: answer, given, spec }, client);
      results.push({ answer: given, ...verdict });
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400) {
        results.push({ answer: given, refused: err.message });
      } else throw err;
    }
  }
  return { answerSpec: spec, inferred: answerSpec === null, results };
}
