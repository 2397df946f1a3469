import { Stack, Text } from '@mantine/core';
import { IconEdit, IconUserCircle } from '@tabler/icons-react';
import { CardActionButton } from '../../../components/card-action-button';
import { SectionCard } from '../../../components/section-card';
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
        <CardActionButton to={paths.profile} variant="light" icon={IconUserCircle}>
          View Profile
        </CardActionButton>
        <CardActionButton to={paths.profile} variant="default" icon={IconEdit}>
          Update Profile
        </CardActionButton>
      </Stack>
    </SectionCard>
  );
}
