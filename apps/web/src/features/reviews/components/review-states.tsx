import { Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconCards, IconLogin, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** /login, bringing the visitor back to the reviews afterwards. */
export const LOGIN_FOR_REVIEW = `${paths.login}?${new URLSearchParams({ next: paths.review })}`;

/** While the queue or the counts load. */
export function ReviewLoading({ label = 'Loading your reviews…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" type="dots" />
        <Text c="dimmed" size="sm" fw={500}>
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** /review for a visitor: what reviews are, and sign in or register to use them. */
export function ReviewSignIn() {
  return (
    <Center py={{ base: 'xl', sm: 64 }} px="md">
      <Card padding="xl" maw={500} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconCards size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Review what you have learnt
          </Title>
          <Text c="dimmed">
            Reviews bring examples back just before you would forget them. Log in to add examples to
            your reviews and work through the ones due today.
          </Text>
          <Group gap="sm" mt="sm" justify="center">
            <Button component={Link} to={LOGIN_FOR_REVIEW} leftSection={<IconLogin size={18} />}>
              Login
            </Button>
            <Button
              component={Link}
              to={paths.register}
              variant="default"
              leftSection={<IconUserPlus size={18} />}
            >
              Create an account
            </Button>
          </Group>
          <Button
            component={Link}
            to={paths.examples}
            variant="subtle"
            leftSection={<IconBook2 size={18} />}
          >
            Browse examples
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
