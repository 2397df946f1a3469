import { Avatar, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RoleBadge } from '../../components/role-badge';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useAuth } from '../../lib/auth/auth-store';
import { displayName, userInitial } from '../../lib/auth/user-display';
import { paths } from '../../lib/paths';

/**
 * A minimal dashboard so that a successful login lands somewhere real. The role-dependent
 * dashboards of spec §2 and §6 replace this in a later issue.
 */
function DashboardWelcome() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Card padding="xl">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="xl" size={56} fz={24}>
              {userInitial(user)}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Title order={1} fz={{ base: 22, sm: 28 }}>
                Welcome, {displayName(user)}!
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Role
                </Text>
                <RoleBadge groups={user.groups} />
              </Group>
            </Stack>
          </Group>
          <Text c="dimmed">
            You are signed in. Browse the worked examples, or look after your account on your
            profile.
          </Text>
          <Group gap="sm">
            <Button component={Link} to={paths.examples} leftSection={<IconBook2 size={18} />}>
              Browse Examples
            </Button>
            <Button
              component={Link}
              to={paths.profile}
              variant="default"
              leftSection={<IconUserCircle size={18} />}
            >
              My Profile
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}

export default function DashboardRoute() {
  return (
    <ProtectedRoute>
      <title>Dashboard — Exemplar</title>
      <DashboardWelcome />
    </ProtectedRoute>
  );
}
