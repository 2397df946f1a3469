import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReviewStats } from '@exemplar/shared/reviews';
import { IconBook2, IconConfetti } from '@tabler/icons-react';
import { useState } from 'react';
import { LinkButtons } from '../../../components/link-buttons';
import { paths } from '../../../lib/paths';
import { nextReviewText } from '../lib/next-review';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Nothing is due: how many were reviewed in this session and when the next review is. */
export function ReviewFinished({
  reviewed,
  stats,
  nextKnown,
  timeZone,
}: {
  reviewed: number;
  stats: ReviewStats;
  /** The earliest due date of a card graded in this session. */
  nextKnown: string | null;
  timeZone: string;
}) {
  // Read once: the sentence does not tick.
  const [now] = useState(() => Date.now());
  const next = nextReviewText(stats.duePerDay, nextKnown, now, timeZone);
  return (
    <Card padding="xl" data-testid="review-finished">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
          <IconConfetti size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={2}>All caught up</Title>
        <Text>
          {reviewed > 0
            ? `You reviewed ${plural(reviewed, 'example')}. Nothing else is due now.`
            : 'Nothing is due now.'}
        </Text>
        {next ? (
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
