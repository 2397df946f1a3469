import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';

/** View and update profile (available to every signed-in user). */
export function ProfileCard({ user }: { user: AuthUser }) {
  return (
    <Card padding="lg" component="section" aria-labelledby="profile-card-title">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconUserCircle size={20} stroke={1.7} />
        <Title order={2} size="h4" id="profile-card-title">
          My Profile
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
        Signed in as {user.email}. View your details, change your name or password.
      </Text>
      <Stack gap="sm">
        <Button
          component={Link}
          to={paths.profile}
          variant="light"
          fullWidth
          leftSection={<IconUserCircle size={18} />}
        >
          View Profile
        </Button>
        <Button
          component={Link}
          to={paths.profile}
          variant="default"
          fullWidth
          leftSection={<IconEdit size={18} />}
        >
          Update Profile
        </Button>
      </Stack>
    </Card>
  );
}
