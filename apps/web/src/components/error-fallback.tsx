import { Button, Center, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';

/**
 * The generic error screen: never shows technical details, only what the user can do.
 */
export function ErrorFallback({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : '60vh'} px="md" py="xl" role="alert">
      <Container size={480} p={0}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconAlertTriangle size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Something went wrong
          </Title>
          <Text c="dimmed">
            An unexpected error stopped this page from loading. Refreshing usually fixes it; if it
            keeps happening, go back and try again in a moment.
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            <Button
              leftSection={<IconRefresh size={18} />}
              onClick={() => window.location.reload()}
            >
              Refresh Page
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => window.history.back()}
            >
              Go Back
            </Button>
          </Group>
        </Stack>
      </Container>
    </Center>
  );
}
