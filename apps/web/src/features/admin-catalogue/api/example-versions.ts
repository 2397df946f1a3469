import {
  DeletedExamplesPageSchema,
  ExampleVersionsSchema,
  RestoredExampleSchema,
  type ExampleVersion,
  type RestoredExample,
  type RestoreStatusFrom,
} from '@exemplar/shared/versions';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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

export const deletedExamplesKeys = { all: ['admin', 'deleted-examples'] as const };

/** Deleted examples per request; 'Load more' asks for the next page by cursor. */
export const DELETED_EXAMPLES_PAGE_SIZE = 20;

/** GET /examples/deleted: the deleted examples that keep their history, newest edit first. */
export async function getDeletedExamples(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(DELETED_EXAMPLES_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const body = await api.get<unknown>(`/examples/deleted?${query.toString()}`, { signal });
  return parseData(DeletedExamplesPageSchema, body);
}

/** The deleted examples, paged; loaded only while `enabled` (the section is open). */
export const useDeletedExamples = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: deletedExamplesKeys.all,
    queryFn: ({ pageParam, signal }) => getDeletedExamples(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });

export interface RestoreVariables {
  id: number;
  version: number;
  /** Where the example's status comes from (the API keeps the current one unless told). */
  statusFrom?: RestoreStatusFrom;
  allowDuplicate?: boolean;
}

/** POST /examples/{id}/versions/{version}/restore → the example as it now is, and the message. */
export async function restoreVersion({
  id,
  version,
  statusFrom,
  allowDuplicate,
}: RestoreVariables): Promise<RestoredExample & { message: string }> {
  const body = await api.post<unknown>(`/examples/${id}/versions/${version}/restore`, {
    ...(statusFrom === 'version' ? { statusFrom } : {}),
    ...(allowDuplicate ? { allowDuplicate } : {}),
  });
  return {
    ...parseData(RestoredExampleSchema, body),
    message: successMessage(body, `Version ${version} restored.`),
  };
}

/**
 * Restores a version, then reloads its history, the deleted examples (a deleted one comes back)
 * and every catalogue and example list and page.
 */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: (_restored, { id }) => {
      void queryClient.invalidateQueries({ queryKey: versionsKeys.of(id) });
      void queryClient.invalidateQueries({ queryKey: deletedExamplesKeys.all });
      void invalidateCatalogue(queryClient);
    },
  });
}
