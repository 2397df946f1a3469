import type { Example, ExamplesPage } from '@exemplar/shared/catalogue';
import { notifications } from '@mantine/notifications';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useViewer } from '../../../lib/auth/use-viewer';
import type { ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { examplesKeys, viewerKey, type ViewerKey } from '../../../api/examples';
import { progressKeys } from './get-progress';

/** The caller's two marks on an example (PUT|DELETE /examples/{id}/like and …/solved). */
export type ExampleMark = 'liked' | 'solved';

/**
 * Sets `mark` on example `id` in every cached list page and in the detail entry of `viewer`, at
 * once. The example stays where it is, even in a list filtered by that mark: the list is marked
 * stale instead (see invalidateMarkedLists) and reloads the next time it is shown, so a card never
 * jumps away under the pointer and previous/next on the example page keep working.
 */
export function patchExampleMark(
  queryClient: QueryClient,
  viewer: ViewerKey,
  id: number,
  mark: ExampleMark,
  value: boolean,
): void {
  const patch = (example: Example): Example =>
    example.id === id && example[mark] !== value ? { ...example, [mark]: value } : example;

  queryClient.setQueriesData<InfiniteData<ExamplesPage>>(
    { queryKey: examplesKeys.viewerLists(viewer) },
    (data) => {
      if (!data) return data;
      let changed = false;
      const pages = data.pages.map((page) => {
        const examples = page.examples.map(patch);
        if (examples.every((example, i) => example === page.examples[i])) return page;
        changed = true;
        return { ...page, examples };
      });
      return changed ? { ...data, pages } : data;
    },
  );
  queryClient.setQueryData<Example>(examplesKeys.detail(viewer, id), (example) =>
    example ? patch(example) : example,
  );
}

/**
 * After a mark changed on the server: the viewer's lists filtered by that mark gain or lose the
 * example, and positions within them move, so they are marked stale (reloaded when next shown, not
 * under the user's eyes: Previous/Next keep working), and the
 * progress is refreshed (solved/total beside the categories, the dashboard).
 */
function invalidateAfterMark(queryClient: QueryClient, viewer: ViewerKey, mark: ExampleMark) {
  // Lists and positions filtered by the mark; both keys hold the filters fourth.
  for (const queryKey of [examplesKeys.viewerLists(viewer), examplesKeys.viewerPositions(viewer)]) {
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => {
        const filters = query.queryKey[3] as ExamplesFilterQuery | undefined;
        return filters?.[mark] !== undefined;
      },
      refetchType: 'none',
    });
  }
  void queryClient.invalidateQueries({
    queryKey: progressKeys.of(viewer),
    // Only solved marks change what is on screen (solved/total badges); likes just go stale.
    refetchType: mark === 'solved' ? 'active' : 'none',
  });
}

const FAILURE_TITLES: Record<ExampleMark, Record<'on' | 'off', string>> = {
  liked: { on: 'Could not like the example', off: 'Could not remove your like' },
  solved: { on: 'Could not mark the example solved', off: 'Could not mark the example unsolved' },
};

interface MarkVariables {
  value: boolean;
}

/**
 * One mark of one example, optimistic: the caches change at once; on failure the mark goes back
 * and a notification says why. Changes to the same mark of the same example run one after the
 * other (mutation scope), so quick toggling ends in the state last asked for.
 */
export function useExampleMark(
  mark: ExampleMark,
  exampleId: number,
  send: (id: number, value: boolean) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const viewer = viewerKey(useViewer());
  return useMutation({
    mutationKey: ['examples', 'mark', mark, exampleId],
    scope: { id: `examples:${mark}:${exampleId}` },
    mutationFn: ({ value }: MarkVariables) => send(exampleId, value),
    onMutate: ({ value }) => patchExampleMark(queryClient, viewer, exampleId, mark, value),
    onSuccess: (_data, { value }) =>
      // A list loaded while the call was in flight may hold the old mark.
      patchExampleMark(queryClient, viewer, exampleId, mark, value),
    onError: (error, { value }) => {
      patchExampleMark(queryClient, viewer, exampleId, mark, !value);
      notifications.show({
        color: 'red',
        title: FAILURE_TITLES[mark][value ? 'on' : 'off'],
        message: error.message || 'Please try again.',
      });
    },
    onSettled: () => invalidateAfterMark(queryClient, viewer, mark),
  });
}
