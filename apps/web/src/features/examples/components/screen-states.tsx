import {
  Anchor,
  Button,
  Card,
  Center,
  EmptyState,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The loading state of the screen, while the initial data loads. */
export function ExamplesScreenLoading() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="lg" type="dots" />
        <Title order={1} fz="xl">
          Loading Examples
        </Title>
        <Text c="dimmed">Loading categories...</Text>
      </Stack>
    </Center>
  );
}

/** Initial data failed: Try Again reloads the page. */
export function InitialDataError({ error }: { error: Error }) {
  return (
    <Center mih="60vh" px="md" role="alert">
      <EmptyState
        variant="light"
        color="red"
        size="lg"
        icon={<IconAlertTriangle size={32} stroke={1.6} />}
        title="Unable to load categories"
        description={
          <>
            Failed to load initial data
            {error.message ? (
              <Text span display="block" size="sm" c="dimmed" mt={6}>
                {error.message}
              </Text>
            ) : null}
          </>
        }
        maw={460}
      >
        <EmptyState.Actions>
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Try Again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

/** While a filter set's first page loads. */
export function ExamplesLoading() {
  return (
    <Stack gap="md" role="status" aria-live="polite">
      <Card padding="md">
        <Stack align="center" gap="xs" py="md">
          <Loader size="sm" />
          <Text c="dimmed" size="sm" fw={500}>
            Loading examples...
          </Text>
        </Stack>
      </Card>
      {[0, 1].map((i) => (
        <Card padding="lg" key={i} aria-hidden>
          <Stack gap="sm">
            <Skeleton height={22} width="45%" radius="xl" />
            <Skeleton height={12} width="20%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={48} mt="xs" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The list failed and nothing is shown. */
export function ExamplesError({
  message,
  onRetry,
  title = 'Error Loading Examples',
}: {
  message: string;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <Card padding="xl" role="alert">
      <EmptyState
        variant="light"
        color="red"
        icon={<IconAlertTriangle size={30} stroke={1.6} />}
        title={title}
        description={message || 'Failed to load examples'}
      >
        <EmptyState.Actions>
          <Button leftSection={<IconRefresh size={18} />} onClick={onRetry}>
            Try Again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}

/** No example matches the filters; `didYouMean`: searches near this one that find something, each a link. */
export function NoExamplesFound({
  didYouMean = [],
}: {
  didYouMean?: { text: string; href: string }[];
}) {
  return (
    <Card padding="xl">
      <EmptyState
        withIndicatorBackground
        icon={<IconMoodEmpty size={32} stroke={1.5} />}
        title="No Examples Found"
        description="Try adjusting your filters or browse different categories."
      >
        {didYouMean.length > 0 ? (
          <Text mt="sm" data-testid="did-you-mean">
            Did you mean{' '}
            {didYouMean.map((s, i) => (
              <span key={s.text}>
                {i > 0 ? (i === didYouMean.length - 1 ? ' or ' : ', ') : null}
                <Anchor component={Link} to={s.href} fw={600}>
                  {s.text}
                </Anchor>
              </span>
            ))}
            ?
          </Text>
        ) : null}
      </EmptyState>
    </Card>
  );
}
