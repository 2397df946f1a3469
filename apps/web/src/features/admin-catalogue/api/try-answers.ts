import {
  TryAnswersResultSchema,
  type TryAnswersBody,
  type TryAnswersResult,
} from '@exemplar/shared/answer-spec';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseData } from '../../../lib/envelope';

/**
 * POST /admin/answer-check/try: the editor's answers checked against the form's unsaved question,
 * answer and spec (null: inferred), before saving. Nothing is stored.
 */
export async function tryAnswers(body: TryAnswersBody): Promise<TryAnswersResult> {
  const response = await api.post<unknown>('/admin/answer-check/try', body);
  return parseData(TryAnswersResultSchema, response);
}

export function useTryAnswers() {
  return useMutation({ mutationFn: tryAnswers });
}
