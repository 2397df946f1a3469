import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { InitialAvatar } from '../../../components/initial-avatar';
import { RoleBadge } from '../../../components/role-badge';
import { NoticeAlert } from '../../../components/query-state/notice-alert';
import { useAuth } from '../../../lib/auth/auth-store';
import { userInitial } from '../../../lib/auth/user-display';
import { paths } from '../../../lib/paths';
import { adminUsersKeys, errorMessage, type AdminUserView } from '../api/admin-user';
import { deleteUser } from '../api/delete-user';
import { usersDashboardQueryOptions } from '../api/get-users-dashboard';
import { useInvalidateAfterUserChange } from '../api/save-user-changes';
import { dashboardBannerState } from '../lib/dashboard-state';
import { DELETE_FAILED } from '../lib/messages';
import { onlyEnabledSuperadmin, onlySuperadminReason } from '../lib/only-superadmin';
import classes from './admin-users.module.css';
import { confirmUserAction } from './confirm-user-action';
import { DeleteUserQuestion } from './delete-user-question';
import { DIALOG_CLOSE_DELAY_MS, EditUserDialog } from './edit-user-dialog';
import { EnabledBadge } from './user-badges';
import { UserFacts } from './user-facts';

/** After a delete, back to /dashboard this long after the success message. */
export const DELETE_REDIRECT_DELAY_MS = DIALOG_CLOSE_DELAY_MS;

/**
 * Whether `user` is the only enabled superadmin, whom the server will not let anyone disable,
 * delete or demote. Only an enabled superadmin can be; for them the user list tells (one request,
 * shared with the dashboard's cache). `pending` until it is known; if the list cannot be read, the
 * actions stay offered and the server's refusal explains itself.
 */
function useOnlySuperadmin(user: AdminUserView): { pending: boolean; only: boolean } {
  const candidate = user.enabled && user.groups.includes('superadmin');
  const list = useQuery({ ...usersDashboardQueryOptions(), enabled: candidate });
  if (!candidate) return { pending: false, only: false };
  if (list.isPending) return { pending: true, only: false };
  if (list.isError) return { pending: false, only: false };
  // The list may predate a change to this user: judge them by the page's fresher copy.
  const others = list.data.users.filter((u) => u.username !== user.username);
  return { pending: false, only: onlyEnabledSuperadmin([...others, user]) === user.username };
}

/** One loaded account: its header with Edit User and Delete User, and its details. */
export function UserDetails({ user }: { user: AdminUserView }) {
  const { user: me } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterUserChange();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const self = me?.sub === user.username;
  const guard = useOnlySuperadmin(user);
  const lockedReason = guard.only ? onlySuperadminReason(self) : null;

  // Back to the dashboard 1.5 s after a delete, with the message as its success banner.
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => {
      void navigate(paths.dashboard, { state: dashboardBannerState(deleted) });
      queryClient.removeQueries({ queryKey: adminUsersKeys.user(user.username) });
    }, DELETE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deleted, navigate, queryClient, user.username]);

  const closeEditor = useCallback(
    (saved: boolean) => {
      setEditing(false);
      // The details reload once the dialog has closed after a save.
      if (saved) invalidate(user.username);
    },
    [invalidate, user.username],
  );

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      const message = await deleteUser(user.username);
      setDeleted(message);
      invalidate(user.username, { includeUser: false });
    } catch (error) {
      setDeleteError(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  const confirmDelete = () =>
    confirmUserAction({
      title: 'Delete User',
      question: <DeleteUserQuestion user={user} self={self} />,
      confirm: 'Delete',
      onConfirm: () => void remove(),
    });

  const busy = deleting || deleted !== null;
  const title = user.name.trim() || user.email;

  return (
    <Stack gap="lg">
      {deleted && <NoticeAlert kind="success">{deleted} Returning to the dashboard...</NoticeAlert>}
      {deleteError && (
        <NoticeAlert kind="error" title={DELETE_FAILED} onClose={() => setDeleteError(null)}>
          {deleteError}
        </NoticeAlert>
      )}

      <Card padding={0}>
        <Box className={classes.hero} p={{ base: 'md', sm: 'xl' }}>
          <Group justify="space-between" align="center" gap="md">
            <Group gap="md" wrap="nowrap" miw={0}>
              <InitialAvatar size={64} fz={26}>
                {userInitial(user)}
              </InitialAvatar>
              <Stack gap={4} miw={0}>
                <Title order={1} fz={{ base: 20, sm: 26 }} className={classes.email}>
                  {title}
                </Title>
                {title !== user.email && (
                  <Text size="sm" c="dimmed" className={classes.email}>
                    {user.email}
                  </Text>
                )}
                <Group gap={6}>
                  <RoleBadge groups={user.groups} />
                  <EnabledBadge enabled={user.enabled} />
                  {self && (
                    <Text size="xs" c="dimmed">
                      (your account)
                    </Text>
                  )}
                </Group>
              </Stack>
            </Group>
            <Group gap="sm" className={classes.headerActions}>
              <Button
                leftSection={<IconEdit size={16} />}
                onClick={() => setEditing(true)}
                disabled={busy}
              >
                Edit User
              </Button>
              {!lockedReason && (
                <Button
                  variant="outline"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={confirmDelete}
                  loading={deleting}
                  disabled={deleted !== null || guard.pending}
                >
                  Delete User
                </Button>
              )}
            </Group>
          </Group>
          {lockedReason && (
            <Group gap={8} wrap="nowrap" align="flex-start" mt="md">
              <IconShieldLock
                size={18}
                aria-hidden
                style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }}
              />
              <Text size="sm" c="dimmed">
                {lockedReason}
              </Text>
            </Group>
          )}
        </Box>
        <Box
          component="section"
          p={{ base: 'md', sm: 'xl' }}
          aria-labelledby="account-details-title"
        >
          <Title order={2} size="h5" id="account-details-title" mb="sm" c="dimmed" tt="uppercase">
            Account Details
          </Title>
          <UserFacts user={user} />
        </Box>
      </Card>

      <EditUserDialog
        user={user}
        opened={editing}
        lockedReason={lockedReason}
        onClose={closeEditor}
      />
    </Stack>
  );
}
