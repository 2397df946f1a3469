import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import type { GradeReviewResult, ReviewItem, ReviewRating } from '@exemplar/shared/reviews';
import { IconExternalLink } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { failureMessage } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useGradeReview } from '../api/reviews-queue';
import { suggestedRating } from '../lib/grades';
import { GradeButtons } from './grade-buttons';
import classes from './reviews.module.css';

/** What the page hands the example it recalls, and hears back from it. */
export interface RecallProps {
  example: Example;
  /** The answer is on screen: the grades appear. */
  onAnswerShown: () => void;
  /** An answer was checked: `helped` when a step or the answer had been shown before it. */
  onChecked: (check: { correct: boolean; helped: boolean }) => void;
}

/** Draws one example to recall (composed by the app from the examples feature). */
export type RenderRecall = (props: RecallProps) => ReactNode;

interface ReviewItemCardProps {
  item: ReviewItem;
  /** When the queue was loaded: the grades' intervals count from then. */
  fetchedAt: number;
  position: number;
  count: number;
  /** Focus the heading when shown (the next example after a grade). */
  focusOnMount: boolean;
  renderExample: RenderRecall;
  onGraded: (result: GradeReviewResult) => void;
}

/**
 * One example of the queue: "Review 3 of 12", the example to recall, and, once its answer is
 * shown, the four grades (the one a checked answer suggests highlighted). A grade that fails to
 * save says why and leaves the example here.
 */
export function ReviewItemCard({
  item,
  fetchedAt,
  position,
  count,
  focusOnMount,
  renderExample,
  onGraded,
}: ReviewItemCardProps) {
  const { example } = item;
  const [answerShown, setAnswerShown] = useState(false);
  const [suggested, setSuggested] = useState<ReviewRating | null>(null);
  const grade = useGradeReview();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const { mutate, isPending, variables } = grade;
  const onGrade = useCallback(
    (rating: ReviewRating) => {
      if (isPending) return;
      mutate({ exampleId: example.id, rating }, { onSuccess: onGraded });
    },
    [example.id, isPending, mutate, onGraded],
  );
  const onAnswerShown = useCallback(() => setAnswerShown(true), []);
  const onChecked = useCallback(
    (check: { correct: boolean; helped: boolean }) => setSuggested(suggestedRating(check)),
    [],
  );

  return (
    <Card
      padding="lg"
      className={classes.card}
      data-testid="review-item"
      data-example-id={example.id}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Title
              order={2}
              size="h5"
              ref={headingRef}
              tabIndex={-1}
              className={classes.position}
              data-testid="review-position"
            >
              Review {position} of {count}
            </Title>
            <Anchor
              component={Link}
              to={paths.example(example.id)}
              size="sm"
              aria-label={`Open example ID ${example.id}`}
            >
              <Group gap={4} wrap="nowrap" component="span">
                ID: {example.id}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          <Progress
            value={((position - 1) / Math.max(count, 1)) * 100}
            size="sm"
            aria-label={`${position - 1} of ${count} reviewed`}
          />
        </Stack>

        {renderExample({ example, onAnswerShown, onChecked })}

        {answerShown ? (
          <>
            {grade.isError ? (
              <ErrorAlert title="Could not save your grade">
                {failureMessage(grade.error, 'Please try again.')}
              </ErrorAlert>
            ) : null}
            <GradeButtons
              next={item.next}
              now={fetchedAt}
              suggested={suggested}
              pending={isPending ? (variables?.rating ?? null) : null}
              onGrade={onGrade}
            />
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="recall-hint">
            Recall the answer, try it if you like, then show the answer to grade how it went.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
