import { Stack, Text } from '@mantine/core';
import type { AdminUserView } from '../api/admin-user';

/**
 * The question of the disable confirmation. Disabling ends every session of the account at once
 * (its next request is refused, its refresh tokens are revoked) and sign-in is refused until a
 * superadmin enables it again.
 */
export function DisableUserQuestion({ user, self }: { user: AdminUserView; self: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Disable{' '}
        <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
          {user.email || user.username}
        </Text>
        ?{' '}
        {self
          ? 'You will be signed out and cannot sign in until another superadmin enables your account.'
          : 'They will be signed out and cannot sign in until enabled again.'}
      </Text>
      {self && (
        <Text size="sm" c="red" fw={600}>
          This is your own account.
        </Text>
      )}
    </Stack>
  );
}
