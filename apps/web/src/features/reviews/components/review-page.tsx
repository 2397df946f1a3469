import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReviewStats } from '@exemplar/shared/reviews';
import { useCallback, useState, type ReactNode } from 'react';
import { PageHero } from '../../../components/page-hero';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { browserTimeZone, useReviewStats } from '../../../api/reviews';
import { failureMessage } from '../../../lib/api-error';
import { useDueReviews } from '../api/reviews-queue';
import { ReviewFinished } from './review-finished';
import { ReviewNothingYet } from './review-nothing-yet';
import { ReviewItemCard, type RenderRecall } from './review-item-card';
import { ReviewLoading } from './review-states';

export type { RenderRecall, RecallProps } from './review-item-card';

const cardCount = (stats: ReviewStats) => stats.new + stats.learning + stats.review;

/**
 * /review for a signed-in learner: today's queue one example at a time ("Review 3 of 12"), each
 * recalled through `renderExample` (the examples feature's question, answer field and concealed
 * solution, composed by the app) and graded once its answer is shown. The due cards are loaded in
 * rounds: graded one by one from a round's list, then asked for again. The API's queue learns
 * ahead (LEARN_AHEAD_MINUTES): a card graded 'Again' or still in its learning steps comes back in
 * a later round of the same session, after the cards due now, so the session ends only when every
 * card graded in it has left its steps. Then: 'All caught up' with what is left today and the next
 * review, or, for a learner without cards, what reviews are and the suggested examples.
 */
export function ReviewPage({ renderExample }: { renderExample: RenderRecall }) {
  const stats = useReviewStats();
  const [round, setRound] = useState(0);
  const due = useDueReviews(round);
  const [index, setIndex] = useState(0);
  const [reviewed, setReviewed] = useState(0);
  /** The due date each example graded in this session was given by its latest grade. */
  const [gradedDues, setGradedDues] = useState<ReadonlyMap<number, string>>(new Map());
  /** When the latest grade was saved: counts read before it are not shown at the end. */
  const [gradedAt, setGradedAt] = useState(0);

  const items = due.data?.examples ?? [];
  const current = items[index];

  const nextRound = useCallback(() => {
    setIndex(0);
    setRound((r) => r + 1);
  }, []);

  let body: ReactNode;
  if (due.isError) {
    body = (
      <ErrorAlert
        title="Could not load your reviews"
        onRetry={() => void due.refetch()}
        retrying={due.isFetching}
      >
        {failureMessage(due.error, 'Please try again.')}
      </ErrorAlert>
    );
  } else if (due.data === undefined) {
    body = <ReviewLoading />;
  } else if (current) {
    const total = due.data.total;
    body = (
      <ReviewItemCard
        key={`${round}:${current.example.id}`}
        item={current}
        fetchedAt={due.dataUpdatedAt}
        position={reviewed + 1}
        count={reviewed + total - index}
        focusOnMount={reviewed > 0}
        renderExample={renderExample}
        onGraded={(result) => {
          setReviewed((n) => n + 1);
          setGradedAt(Date.now());
          setGradedDues((dues) => new Map(dues).set(result.review.exampleId, result.review.due));
          // Through this round's list: ask again for what is due now (and learnt ahead).
          if (index + 1 >= items.length) nextRound();
          else setIndex(index + 1);
        }}
      />
    );
  } else if (stats.isError) {
    body = (
      <ErrorAlert
        title="Could not load your review counts"
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      >
        {failureMessage(stats.error, 'Please try again.')}
      </ErrorAlert>
    );
  } else if (!stats.data || stats.dataUpdatedAt < gradedAt) {
    body = <ReviewLoading />;
  } else if (cardCount(stats.data) === 0 && reviewed === 0) {
    body = <ReviewNothingYet />;
  } else {
    body = (
      <ReviewFinished
        reviewed={reviewed}
        stats={stats.data}
        gradedDues={[...gradedDues.values()]}
        timeZone={browserTimeZone()}
      />
    );
  }

  return (
    <>
      <PageHero py={{ base: 'lg', sm: 'xl' }}>
        <Container size="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Review
            </Title>
            <Text c="dimmed" size="sm">
              Recall each example, then grade how it went: the next review is scheduled from it.
            </Text>
          </Stack>
        </Container>
      </PageHero>
      <Container size="md" py={{ base: 'md', sm: 'xl' }}>
        {body}
      </Container>
    </>
  );
}
