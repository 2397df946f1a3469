import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { viewerKey } from '../../../api/examples';
import {
  addToReviews,
  invalidateAfterReviewsChange,
  removeFromReviews,
} from '../../../api/reviews';
import { useViewer } from '../../../lib/auth/use-viewer';
import { cachedExample, patchExample } from './example-marks';

/** PUT (add) or DELETE (remove) /reviews/{id} → when it is due, null once removed. */
async function setInReviews(id: number, value: boolean): Promise<string | null> {
  if (!value) {
    await removeFromReviews(id);
    return null;
  }
  const status = await addToReviews(id);
  return status.review?.due ?? null;
}

/**
 * Adds one example to the caller's reviews or takes it out, optimistically: its `reviewDue`
 * changes at once in every cached list and its page (a new card is due from now), then takes the
 * server's date; on failure it goes back and a notification says why. The navbar's count and the
 * review page's lists follow. Changes to the same example run one after the other.
 */
export function useSetInReviews(exampleId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const key = viewerKey(viewer);
  return useMutation({
    mutationKey: ['examples', 'reviews', exampleId],
    scope: { id: `examples:reviews:${exampleId}` },
    mutationFn: ({ value }: { value: boolean }) => setInReviews(exampleId, value),
    onMutate: ({ value }) => {
      const before = cachedExample(queryClient, key, exampleId)?.reviewDue ?? null;
      patchExample(queryClient, key, exampleId, {
        reviewDue: value ? new Date().toISOString() : null,
      });
      return { before };
    },
    onSuccess: (reviewDue) => patchExample(queryClient, key, exampleId, { reviewDue }),
    onError: (error, { value }, context) => {
      patchExample(queryClient, key, exampleId, { reviewDue: context?.before ?? null });
      notifications.show({
        color: 'red',
        title: value
          ? 'Could not add the example to your reviews'
          : 'Could not remove it from your reviews',
        message: error.message || 'Please try again.',
      });
    },
    onSettled: () =>
      invalidateAfterReviewsChange(queryClient, viewer ?? '', { examplesPatched: true }),
  });
}
