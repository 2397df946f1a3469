import { Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconUserCircle } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { Link } from 'react-router';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';

/** View and update profile (available to every signed-in user). */
export function ProfileCard({ user }: { user: AuthUser }) {
  return (
    <SectionCard
      titleId="profile-card-title"
      title="My Profile"
      icon={IconUserCircle}
      headingGap="xs"
    >
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
    </SectionCard>
  );
}
