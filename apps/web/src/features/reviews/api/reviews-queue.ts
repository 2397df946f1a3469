import type {
  GradeReviewResult,
  ReviewRating,
  ReviewsDuePage,
  ReviewSuggestions,
} from '@exemplar/shared/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readGradeReviewResult,
  readReviewsDuePage,
  readReviewSuggestions,
} from '../../../api/contract';
import { addToReviews, invalidateAfterReviewsChange, reviewsKeys } from '../../../api/reviews';
import { api } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/use-viewer';
import { parseData } from '../../../lib/envelope';

/** How many due cards one request brings; the page asks again when it has graded them all. */
export const DUE_PAGE_SIZE = 50;
export const SUGGESTIONS_LIMIT = 10;

export async function getDueReviews(signal?: AbortSignal): Promise<ReviewsDuePage> {
  const body = await api.get<unknown>('/reviews/due', { query: { limit: DUE_PAGE_SIZE }, signal });
  return parseData(readReviewsDuePage, body);
}

/**
 * The cards due now, as the session's `round` found them: the page grades them one by one from
 * this list and asks again (the next round) when it is through, so cards graded meanwhile never
 * move under the learner. Not refreshed behind their back, and dropped when the page closes.
 */
export function useDueReviews(round: number) {
  const viewer = useViewer() ?? '';
  return useQuery({
    queryKey: [...reviewsKeys.due(viewer), round],
    queryFn: ({ signal }) => getDueReviews(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export async function gradeReview(exampleId: number, rating: ReviewRating) {
  const body = await api.post<unknown>('/reviews', { exampleId, rating });
  return parseData(readGradeReviewResult, body);
}

/** POST /reviews: grades the recall of one example; the navbar's count follows. */
export function useGradeReview() {
  const queryClient = useQueryClient();
  const viewer = useViewer() ?? '';
  return useMutation<GradeReviewResult, Error, { exampleId: number; rating: ReviewRating }>({
    mutationFn: ({ exampleId, rating }) => gradeReview(exampleId, rating),
    onSuccess: () => invalidateAfterReviewsChange(queryClient, viewer),
  });
}

export async function getReviewSuggestions(signal?: AbortSignal): Promise<ReviewSuggestions> {
  const body = await api.get<unknown>('/reviews/suggestions', {
    query: { limit: SUGGESTIONS_LIMIT },
    signal,
  });
  return parseData(readReviewSuggestions, body);
}

/** Liked or solved-with-help examples not yet in the learner's reviews. */
export function useReviewSuggestions(enabled: boolean) {
  const viewer = useViewer() ?? '';
  return useQuery({
    queryKey: reviewsKeys.suggestions(viewer),
    queryFn: ({ signal }) => getReviewSuggestions(signal),
    enabled,
  });
}

/** Adds a suggested example to the reviews: the counts and the queue follow. */
export function useAddSuggestion() {
  const queryClient = useQueryClient();
  const viewer = useViewer() ?? '';
  return useMutation({
    mutationFn: (exampleId: number) => addToReviews(exampleId),
    onSuccess: async () => {
      invalidateAfterReviewsChange(queryClient, viewer);
      // The new card is due now: the page moves from the suggestions to the queue.
      await queryClient.invalidateQueries({ queryKey: reviewsKeys.due(viewer) });
    },
  });
}
