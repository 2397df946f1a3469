import {
  Button,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBook2, IconCalendarRepeat, IconPrinter, IconRepeat } from '@tabler/icons-react';
import type { DayCount, ReviewStats } from '@exemplar/shared/reviews';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AppErrorBoundary } from '../../../components/error-boundary';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import { useReviewStats } from '../../../api/reviews';
import { dueSummary, formatDay, plural, reviewsSummary } from '../lib/review-days';
import classes from './dashboard.module.css';

// The chart library loads only here, after the counts are on screen (never in a first load).
const ReviewHeatmap = lazy(() =>
  import('./review-charts').then((charts) => ({ default: charts.ReviewHeatmap })),
);
const DueChart = lazy(() =>
  import('./review-charts').then((charts) => ({ default: charts.DueChart })),
);

/** One count of the list: '3' over 'due now' (read as '3 due now'). */
function Count({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <div className={classes.reviewCount} role="listitem">
      <Text fw={700} fz="xl" lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

/** The days with a count, as a table for screen readers: all at once, where a chart gives a day at a time. */
function DaysTable({ caption, days, unit }: { caption: string; days: DayCount[]; unit: string }) {
  const shown = days.filter((day) => day.count > 0);
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((day) => (
            <tr key={day.date}>
              <td>{formatDay(day.date)}</td>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** A chart under its heading: its summary in words, the chart (lazily) and its table. */
function ChartBlock({
  id,
  title,
  summary,
  chart,
  table,
  height,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  height: number;
}) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" data-testid={`${id}-summary`}>
        {summary}
      </Text>
      <AppErrorBoundary
        fallback={
          <Text size="sm" c="dimmed" fs="italic">
            The chart could not be drawn; the figures above say the same.
          </Text>
        }
      >
        <Suspense fallback={<Skeleton height={height} aria-hidden />}>{chart}</Suspense>
      </AppErrorBoundary>
      {table}
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your reviews">
      <SimpleGrid cols={{ base: 3, xs: 5 }}>
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={48} />
        ))}
      </SimpleGrid>
      <Skeleton height={130} />
    </Stack>
  );
}

function Empty() {
  return (
    <EmptyState
      variant="light"
      icon={<IconCalendarRepeat size={28} stroke={1.6} />}
      title="No reviews yet"
      description="Add examples to your reviews and they come back just before you would forget them. Your review calendar and what falls due will show up here."
      py="lg"
    >
      <EmptyState.Actions>
        <Button component={Link} to={paths.review} leftSection={<IconRepeat size={18} />}>
          See suggested examples
        </Button>
        <Button
          component={Link}
          to={paths.examples}
          variant="default"
          leftSection={<IconBook2 size={18} />}
        >
          Find examples to review
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

function Stats({ stats }: { stats: ReviewStats }) {
  return (
    <Stack gap="lg" data-testid="review-stats">
      {stats.dueToday > 0 && (
        <Group gap="sm">
          {stats.dueNow > 0 && (
            <Button component={Link} to={paths.review} leftSection={<IconRepeat size={18} />}>
              Review now
            </Button>
          )}
          <Button
            component={Link}
            to={`${paths.worksheet}?source=reviews`}
            variant="default"
            leftSection={<IconPrinter size={18} />}
          >
            Print today's reviews
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="sm" role="list" aria-label="Review counts">
        {(
          [
            [stats.dueNow, 'due now', 'reviews-due-now'],
            [stats.dueToday, 'due today', 'reviews-due-today'],
            [stats.new, 'new', 'reviews-new'],
            [stats.learning, 'learning', 'reviews-learning'],
            [stats.review, 'in review', 'reviews-review'],
          ] as const
        ).map(([value, label, testId]) => (
          <Count key={testId} value={value} label={label} testId={testId} />
        ))}
      </SimpleGrid>
      <ChartBlock
        id="reviews-calendar"
        title={`Last ${stats.reviewsPerDay.length} days`}
        summary={reviewsSummary(stats.reviewsPerDay)}
        height={150}
        chart={
          <ReviewHeatmap
            days={stats.reviewsPerDay}
            label="Reviews given each day. The arrow keys move from day to day."
          />
        }
        table={
          <DaysTable
            caption="Reviews given each day (days without reviews left out)"
            days={stats.reviewsPerDay}
            unit="Reviews"
          />
        }
      />
      <ChartBlock
        id="reviews-due"
        title={`Due in the next ${stats.duePerDay.length} days`}
        summary={dueSummary(stats.duePerDay)}
        height={180}
        chart={
          <DueChart
            days={stats.duePerDay}
            label={`Reviews due each day. ${dueSummary(stats.duePerDay)} The arrow keys step through the days.`}
          />
        }
        table={
          <DaysTable
            caption="Reviews falling due each day (days with none left out)"
            days={stats.duePerDay}
            unit="Due"
          />
        }
      />
    </Stack>
  );
}

/**
 * 'Reviews': the learner's cards (GET /reviews/stats): due now and today, by state, a calendar of
 * the last 90 days' grades and a bar chart of the next 30 days' due reviews. The charts (and the
 * chart library) load lazily; each is said in words and as a table for screen readers. A learner
 * with no cards and no grades gets an empty state that leads to the examples.
 */
export function ReviewsSection() {
  const stats = useReviewStats();
  let body: ReactNode;
  let lead = 'Examples come back for review just before you would forget them.';
  if (stats.isPending) body = <Loading />;
  else if (stats.isError) {
    body = (
      <ErrorAlert
        title="Could not load your reviews"
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      >
        {stats.error.message}
      </ErrorAlert>
    );
  } else {
    const { new: fresh, learning, review, reviewsPerDay } = stats.data;
    const none = fresh + learning + review === 0 && reviewsPerDay.every((day) => day.count === 0);
    body = none ? <Empty /> : <Stats stats={stats.data} />;
    if (none) lead = '';
    else if (stats.data.dueNow > 0) lead = `${plural(stats.data.dueNow, 'example')} to review now.`;
  }
  return (
    <SectionCard titleId="reviews-title" title="Reviews" icon={IconRepeat} headingGap={4}>
      {lead ? (
        <Text size="sm" c="dimmed" mb="lg">
          {lead}
        </Text>
      ) : null}
      {body}
    </SectionCard>
  );
}
