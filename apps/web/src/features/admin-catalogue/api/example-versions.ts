import {
  ExampleVersionsSchema,
  RestoredExampleSchema,
  type ExampleVersion,
  type RestoredExample,
} from '@exemplar/shared/versions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../api/catalogue';
import { parseData, successMessage } from '../../../lib/envelope';

export const versionsKeys = {
  all: ['admin', 'example-versions'] as const,
  of: (id: number) => [...versionsKeys.all, id] as const,
};

/** GET /examples/{id}/versions: newest first. */
export async function getExampleVersions(id: number, signal?: AbortSignal) {
  const body = await api.get<unknown>(`/examples/${id}/versions`, { signal });
  return parseData(ExampleVersionsSchema, body).versions;
}

export const exampleVersionsQueryOptions = (id: number) =>
  queryOptions<ExampleVersion[]>({
    queryKey: versionsKeys.of(id),
    queryFn: ({ signal }) => getExampleVersions(id, signal),
  });

export const useExampleVersions = (id: number) => useQuery(exampleVersionsQueryOptions(id));

export interface RestoreVariables {
  id: number;
  version: number;
  allowDuplicate?: boolean;
}

/** POST /examples/{id}/versions/{version}/restore → the example as it now is, and the message. */
export async function restoreVersion({
  id,
  version,
  allowDuplicate,
}: RestoreVariables): Promise<RestoredExample & { message: string }> {
  const body = await api.post<unknown>(
    `/examples/${id}/versions/${version}/restore`,
    allowDuplicate ? { allowDuplicate } : {},
  );
  return {
    ...parseData(RestoredExampleSchema, body),
    message: successMessage(body, `Version ${version} restored.`),
  };
}

/** Restores a version, then reloads its history and every catalogue and example list and page. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: (_restored, { id }) => {
      void queryClient.invalidateQueries({ queryKey: versionsKeys.of(id) });
      void invalidateCatalogue(queryClient);
    },
  });
}
