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

/** The caller's own fields of an example: what marks and checked answers change. */
export type ExampleOwnFields = Partial<
  Pick<Example, 'liked' | 'solved' | 'solveMark' | 'reviewDue'>
>;

/**
 * Sets `fields` on example `id` in every cached list page and in the detail entry of `viewer`, at
 * once. The example stays where it is, even in a list filtered by those fields: the list is marked
 * stale instead (see invalidateAfterChange) and reloads the next time it is shown, so a card never
 * jumps away under the pointer and previous/next on the example page keep working.
 */
export function patchExample(
  queryClient: QueryClient,
  viewer: ViewerKey,
  id: number,
  fields: ExampleOwnFields,
): void {
  const entries = Object.entries(fields) as [keyof ExampleOwnFields, unknown][];
  const patch = (example: Example): Example =>
    example.id === id && entries.some(([key, value]) => example[key] !== value)
      ? { ...example, ...fields }
      : example;

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
 * After the caller's own fields changed on the server: the viewer's lists filtered by one of
 * `filters` gain or lose the example, and positions within them move, so they are marked stale
 * (reloaded when next shown, not under the user's eyes: Previous/Next keep working), and the
 * progress is refreshed when `solvedChanged` (solved/total beside the categories, the dashboard;
 * otherwise it just goes stale).
 */
export function invalidateAfterChange(
  queryClient: QueryClient,
  viewer: ViewerKey,
  filters: readonly (keyof ExamplesFilterQuery)[],
  { solvedChanged }: { solvedChanged: boolean },
) {
  // Lists and positions filtered by one of them; both keys hold the filters fourth.
  for (const queryKey of [examplesKeys.viewerLists(viewer), examplesKeys.viewerPositions(viewer)]) {
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => {
        const query4 = query.queryKey[3] as ExamplesFilterQuery | undefined;
        return filters.some((key) => query4?.[key] !== undefined);
      },
      refetchType: 'none',
    });
  }
  void queryClient.invalidateQueries({
    queryKey: progressKeys.of(viewer),
    refetchType: solvedChanged ? 'active' : 'none',
  });
}

/** After a mark changed: lists filtered by it go stale; a solved mark refreshes the progress. */
function invalidateAfterMark(queryClient: QueryClient, viewer: ViewerKey, mark: ExampleMark) {
  // Unmarking solved may take the example out of the solved-without-help list too.
  const filters = mark === 'solved' ? (['solved', 'withoutHelp'] as const) : ([mark] as const);
  invalidateAfterChange(queryClient, viewer, filters, { solvedChanged: mark === 'solved' });
}

const FAILURE_TITLES: Record<ExampleMark, Record<'on' | 'off', string>> = {
  liked: { on: 'Could not like the example', off: 'Could not remove your like' },
  solved: { on: 'Could not mark the example solved', off: 'Could not mark the example unsolved' },
};

interface MarkVariables {
  value: boolean;
}

/** The example as cached for `viewer` (its page, else a list), if it is. */
export function cachedExample(queryClient: QueryClient, viewer: ViewerKey, id: number) {
  const detail = queryClient.getQueryData<Example>(examplesKeys.detail(viewer, id));
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ExamplesPage>>({
    queryKey: examplesKeys.viewerLists(viewer),
  })) {
    const example = data?.pages.flatMap((page) => page.examples).find((e) => e.id === id);
    if (example) return example;
  }
  return undefined;
}

/**
 * What setting `mark` to `value` changes: unmarking solved also drops how a checked answer solved
 * it (the server deletes the whole mark).
 */
const markFields = (mark: ExampleMark, value: boolean): ExampleOwnFields =>
  mark === 'solved' && !value ? { solved: false, solveMark: null } : { [mark]: value };

/**
 * One mark of one example, optimistic: the caches change at once; on failure the mark (and how it
 * was solved) goes back and a notification says why. Changes to the same mark of the same example
 * run one after the other (mutation scope), so quick toggling ends in the state last asked for.
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
    onMutate: ({ value }) => {
      const solveMark = cachedExample(queryClient, viewer, exampleId)?.solveMark;
      patchExample(queryClient, viewer, exampleId, markFields(mark, value));
      return { solveMark };
    },
    onSuccess: (_data, { value }) =>
      // A list loaded while the call was in flight may hold the old mark.
      patchExample(queryClient, viewer, exampleId, markFields(mark, value)),
    onError: (error, { value }, context) => {
      const back: ExampleOwnFields = { [mark]: !value };
      if (mark === 'solved' && !value && context?.solveMark !== undefined) {
        back.solveMark = context.solveMark;
      }
      patchExample(queryClient, viewer, exampleId, back);
      notifications.show({
        color: 'red',
        title: FAILURE_TITLES[mark][value ? 'on' : 'off'],
        message: error.message || 'Please try again.',
      });
    },
    onSettled: () => invalidateAfterMark(queryClient, viewer, mark),
  });
}
