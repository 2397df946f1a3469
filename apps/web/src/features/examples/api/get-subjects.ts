import type { Subject } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { array, object } from '../../../lib/json-shape';
import { readSubject } from './contract';
import { parseData } from './parse-response';

const readSubjectsData = object({ subjects: array(readSubject) });

/** GET /subjects → the subjects of the dropdown. */
export async function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const body = await api.get<unknown>('/subjects', { signal });
  return parseData(readSubjectsData, body).subjects;
}

/** Initial data of the examples screen: loaded once. */
export function subjectsQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'subjects'],
    queryFn: ({ signal }) => getSubjects(signal),
    staleTime: Infinity,
  });
}

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}
