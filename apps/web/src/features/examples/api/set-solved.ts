import { api } from '../../../lib/api-client';
import { useExampleMark } from './example-marks';
import { boolean, integer, object } from '../../../lib/json-shape';
import { parseData } from '../../../lib/envelope';

const readSolvedData = object({ id: integer(), solved: boolean });

/** PUT (mark solved) or DELETE (unmark) /examples/{id}/solved → {id, solved}; idempotent. */
export async function setSolved(id: number, solved: boolean) {
  const path = `/examples/${id}/solved`;
  const body = solved ? await api.put<unknown>(path) : await api.delete<unknown>(path);
  return parseData(readSolvedData, body);
}

/** Mark one example solved / unsolved, optimistically; the progress follows. */
export function useSetSolved(exampleId: number) {
  return useExampleMark('solved', exampleId, setSolved);
}
