import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * Full-page 'Loading...' shown while authentication initialises (the whole viewport, before the
 * layout) or is loading: a protected page checking the session fills the page below the navbar.
 */
export function FullPageLoading({ belowHeader = false }: { belowHeader?: boolean }) {
  return (
    <Center
      mih={belowHeader ? 'calc(100dvh - var(--app-shell-header-height, 64px))' : '100dvh'}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" fw={500}>
          Loading...
        </Text>
      </Stack>
    </Center>
  );
}

/** A quiet spinner for the content area while a lazy page loads. */
export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading page">
      <Loader size="sm" type="dots" />
    </Center>
  );
}
