import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The states around /dashboard/user/{userId}: back link, loading, restricted, not found. */

export function BackButton() {
  return (
    <Button
      component={Link}
      to={paths.dashboard}
      variant="subtle"
      color="gray"
      leftSection={<IconArrowLeft size={16} />}
      px="xs"
    >
      Back
    </Button>
  );
}

export function CenteredState(props: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card padding="xl">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={props.color} aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Card>
  );
}

export function LoadingUser() {
  return (
    <Card padding="xl" role="status" aria-label="Loading user details">
      <Group gap="md" mb="xl" wrap="nowrap">
        <Skeleton circle height={64} />
        <Stack gap={8} flex={1}>
          <Skeleton height={18} width="40%" />
          <Skeleton height={12} width="60%" />
        </Stack>
      </Group>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={14} mb="md" width={`${80 - i * 6}%`} />
      ))}
    </Card>
  );
}

export function Restricted() {
  return (
    <CenteredState icon={<IconLock size={28} />} color="gray" title="Restricted">
      <Text c="dimmed">Only Super Admins can view and manage user accounts.</Text>
      <Button component={Link} to={paths.dashboard} variant="light" mt="sm">
        Back to Dashboard
      </Button>
    </CenteredState>
  );
}
