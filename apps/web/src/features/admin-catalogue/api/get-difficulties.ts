import { DifficultySchema, type Difficulty } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { parseData } from './parse-response';

const DifficultiesDataSchema = z.object({ difficulties: z.array(DifficultySchema) });

/** GET /difficulties */
export async function getDifficulties(signal?: AbortSignal): Promise<Difficulty[]> {
  const body = await api.get<unknown>('/difficulties', { signal });
  return parseData(DifficultiesDataSchema, body).difficulties;
}

export const difficultiesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.difficulties(),
    queryFn: ({ signal }) => getDifficulties(signal),
  });

export const useDifficulties = () => useQuery(difficultiesQueryOptions());
