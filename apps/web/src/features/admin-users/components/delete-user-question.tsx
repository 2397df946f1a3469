import { Stack, Text } from '@mantine/core';
import type { AdminUserView } from '../api/admin-user';

/** The question of the delete confirmation. */
export function DeleteUserQuestion({ user, self }: { user: AdminUserView; self: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Are you sure you want to delete{' '}
        <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
          {user.email || user.username}
        </Text>
        ? This cannot be undone.
      </Text>
      {self && (
        <Text size="sm" c="red" fw={600}>
          This is your own account: you will be signed out.
        </Text>
      )}
    </Stack>
  );
}
