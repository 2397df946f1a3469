import { SubjectSchema, type Subject } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { parseData } from './parse-response';

const SubjectsDataSchema = z.object({ subjects: z.array(SubjectSchema) });

/** GET /subjects */
export async function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const body = await api.get<unknown>('/subjects', { signal });
  return parseData(SubjectsDataSchema, body).subjects;
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.subjects(), queryFn: ({ signal }) => getSubjects(signal) });

export const useSubjects = () => useQuery(subjectsQueryOptions());
