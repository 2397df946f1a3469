import { api } from '../../../lib/api-client';
import { useExampleMark } from './example-marks';
import { boolean, integer, object } from '../../../lib/json-shape';
import { parseData } from '../../../lib/envelope';

const readLikedData = object({ id: integer(), liked: boolean });

/** PUT (like) or DELETE (unlike) /examples/{id}/like → {id, liked}; idempotent. */
export async function setLiked(id: number, liked: boolean) {
  const path = `/examples/${id}/like`;
  const body = liked ? await api.put<unknown>(path) : await api.delete<unknown>(path);
  return parseData(readLikedData, body);
}

/** Like / unlike one example, optimistically. */
export function useSetLiked(exampleId: number) {
  return useExampleMark('liked', exampleId, setLiked);
}
