import { Box, Button, SimpleGrid, Text } from '@mantine/core';
import type { ReviewNext, ReviewRating } from '@exemplar/shared/reviews';
import { useEffect, useId } from 'react';
import { GRADES, isTypingTarget } from '../lib/grades';
import { intervalUntil } from '../../../lib/interval';
import classes from './reviews.module.css';

interface GradeButtonsProps {
  /** The due date each grade gives. */
  next: ReviewNext;
  /** When they were computed (the intervals count from here). */
  now: number;
  /** The grade a checked answer suggests, highlighted. */
  suggested: ReviewRating | null;
  /** A grade is being saved: the buttons wait. */
  pending: ReviewRating | null;
  onGrade: (rating: ReviewRating) => void;
}

/**
 * Again / Hard / Good / Easy, each with the interval until the review it schedules, and the keys 1
 * to 4 while they are on screen (not while typing in a field). The suggested grade is ringed and
 * says so; any grade may be picked.
 */
export function GradeButtons({ next, now, suggested, pending, onGrade }: GradeButtonsProps) {
  const titleId = useId();
  const hintId = useId();
  const suggestedId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (isTypingTarget(event.target)) return;
      const grade = GRADES.find((g) => g.key === event.key);
      if (!grade || pending) return;
      event.preventDefault();
      onGrade(grade.rating);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onGrade, pending]);

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      className={classes.grades}
      data-testid="grade-buttons"
    >
      <Text id={titleId} fw={700} size="sm">
        How well did you remember it?
      </Text>
      <Text id={hintId} size="xs" c="dimmed" role="status" mb="xs">
        Grade your recall: keys 1 to 4 pick Again, Hard, Good or Easy.
        {suggested
          ? ` Your answer suggests ${GRADES.find((g) => g.rating === suggested)?.label}.`
          : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {GRADES.map((grade) => {
          const isSuggested = grade.rating === suggested;
          return (
            <Button
              key={grade.rating}
              variant="light"
              color={grade.color}
              h="auto"
              py={8}
              className={classes.grade}
              onClick={() => onGrade(grade.rating)}
              loading={pending === grade.rating}
              disabled={pending !== null && pending !== grade.rating}
              aria-keyshortcuts={grade.key}
              aria-describedby={isSuggested ? suggestedId : undefined}
              data-rating={grade.rating}
              data-suggested={isSuggested || undefined}
            >
              <span className={classes.gradeLabel}>
                <span>
                  <kbd className={classes.key} aria-hidden>
                    {grade.key}
                  </kbd>
                  {grade.label}
                </span>
                <span className={classes.interval} data-testid="grade-interval">
                  {intervalUntil(next[grade.rating], now)}
                </span>
                {isSuggested ? (
                  <span id={suggestedId} className={classes.suggested}>
                    Suggested
                  </span>
                ) : null}
              </span>
            </Button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
