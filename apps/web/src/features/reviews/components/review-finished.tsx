import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReviewStats } from '@exemplar/shared/reviews';
import { IconBook2, IconConfetti } from '@tabler/icons-react';
import { useState } from 'react';
import { LinkButtons } from '../../../components/link-buttons';
import { paths } from '../../../lib/paths';
import { nextReviewText } from '../lib/next-review';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Nothing is due now, nor learnt ahead (the session's queue is empty): how many were reviewed in
 * this session, then how many are due later today (and when the next is, when known to the minute)
 * or, with none left today, when the next review is. `stats` are read after
 * the session's last grade, so the figures agree: nothing due now, and today's count is what falls
 * due later today.
 */
export function ReviewFinished({
  reviewed,
  stats,
  gradedDues,
  timeZone,
}: {
  /** How many grades were given in this session (an example graded again counts each time). */
  reviewed: number;
  stats: ReviewStats;
  /** The due date of each example graded in this session (from its latest grade). */
  gradedDues: readonly string[];
  timeZone: string;
}) {
  // Read once: the sentences do not tick.
  const [now] = useState(() => Date.now());
  const upcoming = gradedDues.map(Date.parse).filter((due) => due > now);
  const nextKnown = upcoming.length > 0 ? new Date(Math.min(...upcoming)).toISOString() : null;
  const next = nextReviewText(stats.duePerDay, nextKnown, now, timeZone);
  const laterToday = Math.max(0, stats.dueToday - stats.dueNow);
  return (
    <Card padding="xl" data-testid="review-finished">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
          <IconConfetti size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={2}>All caught up</Title>
        <Text>
          {reviewed > 0
            ? `You reviewed ${plural(gradedDues.length, 'example')}${
                reviewed > gradedDues.length ? ` (${plural(reviewed, 'review')})` : ''
              }. Nothing else is due now.`
            : 'Nothing is due now.'}
        </Text>
        {laterToday > 0 ? (
          <Text c="dimmed" data-testid="later-today">
            {`${plural(laterToday, 'more example')} ${laterToday === 1 ? 'is' : 'are'} due later today${
              next?.startsWith('in ') ? `, the next ${next}` : ''
            }.`}
          </Text>
        ) : next ? (
          <Text c="dimmed" data-testid="next-review">
            Your next review is {next}.
          </Text>
        ) : null}
        <LinkButtons
          justify="center"
          mt="sm"
          links={[{ to: paths.examples, label: 'Browse examples', icon: IconBook2 }]}
        />
      </Stack>
    </Card>
  );
}
