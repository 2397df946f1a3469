import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useExampleMark } from './example-marks';
import { parseData } from './parse-response';

const SolvedDataSchema = z.object({ id: z.number().int(), solved: z.boolean() });

/** PUT (mark solved) or DELETE (unmark) /examples/{id}/solved → {id, solved}; idempotent. */
export async function setSolved(id: number, solved: boolean) {
  const path = `/examples/${id}/solved`;
  const body = solved ? await api.put<unknown>(path) : await api.delete<unknown>(path);
  return parseData(SolvedDataSchema, body);
}

/** Mark one example solved / unsolved, optimistically; the progress follows. */
export function useSetSolved(exampleId: number) {
  return useExampleMark('solved', exampleId, setSolved);
}
