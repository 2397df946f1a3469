import type { ExampleType } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { array, object } from '../../../lib/json-shape';
import { readExampleType } from './contract';
import { parseData } from './parse-response';

const readTypesData = object({ types: array(readExampleType) });

/** GET /types → the example types of the dropdown. */
export async function getTypes(signal?: AbortSignal): Promise<ExampleType[]> {
  const body = await api.get<unknown>('/types', { signal });
  return parseData(readTypesData, body).types;
}

/** Initial data of the examples screen: loaded once. */
export function typesQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'types'],
    queryFn: ({ signal }) => getTypes(signal),
    staleTime: Infinity,
  });
}

export function useTypes() {
  return useQuery(typesQueryOptions());
}
