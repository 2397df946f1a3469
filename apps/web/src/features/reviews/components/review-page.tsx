import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReviewStats } from '@exemplar/shared/reviews';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
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

/** A card graded in this session whose next review is this close is brought back on time. */
const WAIT_FOR_NEXT_MS = 20 * 60_000;

const cardCount = (stats: ReviewStats) => stats.new + stats.learning + stats.review;

/**
 * /review for a signed-in learner: today's queue one example at a time ("Review 3 of 12"), each
 * recalled through `renderExample` (the examples feature's question, answer field and concealed
 * solution, composed by the app) and graded once its answer is shown. The due cards are loaded in
 * rounds: graded one by one from a round's list, then asked for again (cards graded 'Again' come
 * back when due). When none are left: 'All caught up' with the next review, or, for a learner
 * without cards, what reviews are and the suggested examples.
 */
export function ReviewPage({ renderExample }: { renderExample: RenderRecall }) {
  const stats = useReviewStats();
  const [round, setRound] = useState(0);
  const due = useDueReviews(round);
  const [index, setIndex] = useState(0);
  const [reviewed, setReviewed] = useState(0);
  const [nextKnown, setNextKnown] = useState<string | null>(null);

  const items = due.data?.examples ?? [];
  const current = items[index];

  const nextRound = useCallback(() => {
    setIndex(0);
    setRound((r) => r + 1);
  }, []);

  // All caught up, with a card graded here due again soon: bring it back when it is due.
  const finished = due.data !== undefined && items.length === 0;
  useEffect(() => {
    if (!finished || nextKnown === null) return;
    const wait = Date.parse(nextKnown) - Date.now();
    if (wait > WAIT_FOR_NEXT_MS) return;
    const timer = setTimeout(nextRound, Math.max(wait, 0) + 1_000);
    return () => clearTimeout(timer);
  }, [finished, nextKnown, nextRound]);

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
          // Through this round's list: ask again for what is due now.
          if (index + 1 >= items.length) nextRound();
          else setIndex(index + 1);
          setNextKnown((known) =>
            known === null || Date.parse(result.review.due) < Date.parse(known)
              ? result.review.due
              : known,
          );
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
  } else if (!stats.data) {
    body = <ReviewLoading />;
  } else if (cardCount(stats.data) === 0 && reviewed === 0) {
    body = <ReviewNothingYet />;
  } else {
    body = (
      <ReviewFinished
        reviewed={reviewed}
        stats={stats.data}
        nextKnown={nextKnown}
        timeZone={browserTimeZone()}
      />
    );
  }

  return (
    <>
      <PageHero py={{ base: 'lg', sm: 'xl' }}>
        <Container size="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4}>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                Review
              </Title>
              <Text c="dimmed" size="sm">
                Recall each example, then grade how it went: the next review is scheduled from it.
              </Text>
            </Stack>
            {stats.data && stats.data.dueToday > 0 ? (
              <Text size="sm" fw={600} data-testid="due-today">
                {stats.data.dueToday} due today
              </Text>
            ) : null}
          </Group>
        </Container>
      </PageHero>
      <Container size="md" py={{ base: 'md', sm: 'xl' }}>
        {body}
      </Container>
    </>
  );
}
