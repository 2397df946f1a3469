import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useExampleMark } from './example-marks';
import { parseData } from './parse-response';

const LikedDataSchema = z.object({ id: z.number().int(), liked: z.boolean() });

/** PUT (like) or DELETE (unlike) /examples/{id}/like → {id, liked}; idempotent. */
export async function setLiked(id: number, liked: boolean) {
  const path = `/examples/${id}/like`;
  const body = liked ? await api.put<unknown>(path) : await api.delete<unknown>(path);
  return parseData(LikedDataSchema, body);
}

/** Like / unlike one example, optimistically. */
export function useSetLiked(exampleId: number) {
  return useExampleMark('liked', exampleId, setLiked);
}
