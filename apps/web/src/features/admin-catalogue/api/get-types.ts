import { ExampleTypeSchema, type ExampleType } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { parseData } from './parse-response';

const TypesDataSchema = z.object({ types: z.array(ExampleTypeSchema) });

/** GET /types */
export async function getTypes(signal?: AbortSignal): Promise<ExampleType[]> {
  const body = await api.get<unknown>('/types', { signal });
  return parseData(TypesDataSchema, body).types;
}

export const typesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.types(), queryFn: ({ signal }) => getTypes(signal) });

export const useTypes = () => useQuery(typesQueryOptions());
