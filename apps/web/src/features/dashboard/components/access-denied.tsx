import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLogin, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';

/** /login, bringing the visitor back to the dashboard afterwards. */
export const LOGIN_FOR_DASHBOARD = `${paths.login}?${new URLSearchParams({ next: paths.dashboard })}`;

/** /dashboard for a visitor who is not logged in. */
export function AccessDenied() {
  return (
    <div className={classes.deniedPage}>
      <Card padding="xl" maw={460} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
            <IconLock size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Access Denied
          </Title>
          <Text c="dimmed">Please log in to access your dashboard.</Text>
          <Group gap="sm" mt="sm" justify="center">
            <Button component={Link} to={LOGIN_FOR_DASHBOARD} leftSection={<IconLogin size={18} />}>
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
        </Stack>
      </Card>
    </div>
  );
}
