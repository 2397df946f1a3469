import {
  Anchor,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconBook2, IconCards, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LinkButtons } from '../../../components/link-buttons';
import { MathText } from '../../../components/math/math-text';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { failureMessage } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useAddSuggestion, useReviewSuggestions } from '../api/reviews-queue';
import classes from './reviews.module.css';

/** A learner with no cards at all: what reviews are, and examples they liked or solved with help to add. */
export function ReviewNothingYet() {
  const titleId = useId();
  return (
    <Stack gap="lg" data-testid="review-empty">
      <Card padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconCards size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={2}>Nothing to review yet</Title>
          <Text maw={560}>
            Reviews bring examples back just before you would forget them. Recall each one, then say
            how it went: an example you knew well comes back days or months later, one that slipped
            comes back soon.
          </Text>
          <Text c="dimmed" size="sm" maw={560}>
            Add examples with “Add to reviews” on any example, or pick from the suggestions below.
          </Text>
        </Stack>
      </Card>
      <Card padding="lg" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h4" id={titleId} mb="xs">
          Suggested for you
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Examples you liked or solved with help, not yet in your reviews.
        </Text>
        <Suggestions />
      </Card>
    </Stack>
  );
}

function Suggestions() {
  const suggestions = useReviewSuggestions(true);
  if (suggestions.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading suggestions">
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  }
  if (suggestions.isError) {
    return (
      <ErrorAlert
        title="Could not load the suggestions"
        onRetry={() => void suggestions.refetch()}
        retrying={suggestions.isFetching}
      >
        {failureMessage(suggestions.error, 'Please try again.')}
      </ErrorAlert>
    );
  }
  const { examples } = suggestions.data;
  if (examples.length === 0) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Like an example, or solve one with a hint, and it will be suggested here.
        </Text>
        <LinkButtons links={[{ to: paths.examples, label: 'Browse examples', icon: IconBook2 }]} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {examples.map((example) => (
        <SuggestionRow key={example.id} example={example} />
      ))}
    </Stack>
  );
}

function SuggestionRow({ example }: { example: Example }) {
  const add = useAddSuggestion();
  const reasons = [
    example.liked && 'Liked',
    example.solveMark === 'with-help' && 'Solved with help',
  ];
  const reason = reasons.filter(Boolean).join(' · ');
  return (
    <li data-testid="suggestion">
      <Card withBorder padding="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <div className={classes.suggestion}>
            <MathText text={example.question} errorLabel="(LaTeX Error)" />
          </div>
          <Stack gap={4} align="flex-end">
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              loading={add.isPending}
              onClick={() => add.mutate(example.id)}
              aria-label={`Add to reviews, example ID ${example.id}`}
            >
              Add to reviews
            </Button>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {reason}
              </Text>
              <Anchor component={Link} to={paths.example(example.id)} size="xs">
                ID: {example.id}
              </Anchor>
            </Group>
          </Stack>
        </Group>
        {add.isError ? (
          <Text size="sm" c="var(--mantine-color-error)" mt={6} role="alert">
            {failureMessage(add.error, 'Could not add it. Please try again.')}
          </Text>
        ) : null}
      </Card>
    </li>
  );
}
