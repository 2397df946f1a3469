import type { AnswerReading } from '@exemplar/shared/answer-spec';
import { api } from '../../../lib/api-client';
import { parseData } from '../../../lib/envelope';
import { object, string, type Reader } from '../../../lib/json-shape';

const readReading = object({ reading: string });
const readProblem = object({ problem: string });

/** AnswerReadingSchema without zod: `{ reading }` (LaTeX) or `{ problem }` (plain words). */
export const readAnswerReading: Reader<AnswerReading> = (value, path) =>
  value && typeof value === 'object' && 'reading' in value
    ? readReading(value, path)
    : readProblem(value, path);

/**
 * POST /examples/{id}/read {answer} → how the checker reads the answer: typeset-ready LaTeX, or
 * the part it cannot read in plain words. It gives no verdict. `signal` aborts it.
 */
export async function readAnswer(
  id: number,
  answer: string,
  signal?: AbortSignal,
): Promise<AnswerReading> {
  const body = await api.post<unknown>(`/examples/${id}/read`, { answer }, { signal });
  return parseData(readAnswerReading, body);
}
