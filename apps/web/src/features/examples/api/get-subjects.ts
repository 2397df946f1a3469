import { SubjectSchema, type Subject } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { parseData } from './parse-response';

const SubjectsDataSchema = z.object({ subjects: z.array(SubjectSchema) });

/** GET /subjects → the subjects of the dropdown. */
export async function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const body = await api.get<unknown>('/subjects', { signal });
  return parseData(SubjectsDataSchema, body).subjects;
}

/** Initial data of the examples screen: loaded once (spec §4). */
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
