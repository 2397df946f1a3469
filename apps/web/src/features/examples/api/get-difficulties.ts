import type { Difficulty } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { array, object } from '../../../lib/json-shape';
import { readDifficulty } from './contract';
import { parseData } from './parse-response';

const readDifficultiesData = object({ difficulties: array(readDifficulty) });

/** GET /difficulties → easy, intermediate, hard, insane… ordered by rank. */
export async function getDifficulties(signal?: AbortSignal): Promise<Difficulty[]> {
  const body = await api.get<unknown>('/difficulties', { signal });
  const { difficulties } = parseData(readDifficultiesData, body);
  return [...difficulties].sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** Initial data of the examples screen: loaded once. */
export function difficultiesQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'difficulties'],
    queryFn: ({ signal }) => getDifficulties(signal),
    staleTime: Infinity,
  });
}

export function useDifficulties() {
  return useQuery(difficultiesQueryOptions());
}
