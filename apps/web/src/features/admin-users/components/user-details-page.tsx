import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Container,
  CopyButton,
  DataList,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { can } from '@exemplar/shared/roles';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconCopy,
  IconEdit,
  IconLock,
  IconShieldLock,
  IconRefresh,
  IconTrash,
  IconUserOff,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { RoleBadge } from '../../../components/role-badge';
import { useAuth } from '../../../lib/auth/auth-store';
import { userInitial } from '../../../lib/auth/user-display';
import { paths } from '../../../lib/paths';
import { adminUsersKeys, errorMessage, isNotFound, type AdminUserView } from '../api/admin-user';
import { deleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { usersDashboardQueryOptions } from '../api/get-users-dashboard';
import { useInvalidateAfterUserChange } from '../api/save-user-changes';
import { dashboardBannerState } from '../lib/dashboard-state';
import { formatDateTime, nameOrNotSet, NOT_SET } from '../lib/format';
import { DELETE_FAILED, USER_LOAD_FAILED, USER_NOT_FOUND } from '../lib/messages';
import { onlyEnabledSuperadmin, onlySuperadminReason } from '../lib/only-superadmin';
import classes from './admin-users.module.css';
import { confirmUserAction } from './confirm-user-action';
import { DeleteUserQuestion } from './delete-user-question';
import { DIALOG_CLOSE_DELAY_MS, EditUserDialog } from './edit-user-dialog';
import { MessageAlert } from './message-alert';
import { EnabledBadge, GroupBadges, StatusBadge } from './user-badges';

/** After a delete, back to /dashboard this long after the success message. */
export const DELETE_REDIRECT_DELAY_MS = DIALOG_CLOSE_DELAY_MS;

function BackButton() {
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

function CenteredState(props: {
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

function LoadingUser() {
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

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Text span size="sm" fw={600} c={value ? 'teal' : 'red'}>
      {value ? yes : no}
    </Text>
  );
}

function UserFacts({ user }: { user: AdminUserView }) {
  const name = nameOrNotSet(user.name);
  return (
    <DataList withDivider className={classes.detailsList}>
      <Item label="Username">
        <Group gap={4} wrap="nowrap" align="center">
          <Text span className={classes.mono}>
            {user.username}
          </Text>
          <CopyButton value={user.username} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy username'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  size="sm"
                  onClick={copy}
                  aria-label="Copy username"
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Item>
      <Item label="Email">
        <Text span size="sm" className={classes.email}>
          {user.email}
        </Text>
      </Item>
      <Item label="Name">
        <Text span size="sm" c={name === NOT_SET ? 'dimmed' : undefined}>
          {name}
        </Text>
      </Item>
      <Item label="Status">
        <StatusBadge user={user} />
      </Item>
      <Item label="Email Verified">
        <YesNo value={user.emailVerified} yes="Verified" no="Not Verified" />
      </Item>
      <Item label="Enabled">
        <YesNo value={user.enabled} yes="Yes" no="No" />
      </Item>
      <Item label="Created">
        <Text span size="sm">
          {formatDateTime(user.created)}
        </Text>
      </Item>
      <Item label="Last Modified">
        <Text span size="sm">
          {formatDateTime(user.lastModified)}
        </Text>
      </Item>
      <Item label="Groups">
        <GroupBadges groups={user.groups} />
      </Item>
    </DataList>
  );
}

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

function UserDetails({ user }: { user: AdminUserView }) {
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
      {deleted && (
        <MessageAlert tone="success">{deleted} Returning to the dashboard...</MessageAlert>
      )}
      {deleteError && (
        <MessageAlert tone="error" title={DELETE_FAILED} onClose={() => setDeleteError(null)}>
          {deleteError}
        </MessageAlert>
      )}

      <Card padding={0}>
        <Box className={classes.hero} p={{ base: 'md', sm: 'xl' }}>
          <Group justify="space-between" align="center" gap="md">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Avatar
                size={64}
                radius={64}
                variant="gradient"
                gradient={{ from: 'brand.6', to: 'grape.6', deg: 135 }}
                fz={26}
                aria-hidden
              >
                {userInitial(user)}
              </Avatar>
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

function Restricted() {
  return (
    <CenteredState icon={<IconLock size={28} />} color="gray" title="Restricted">
      <Text c="dimmed">Only Super Admins can view and manage user accounts.</Text>
      <Button component={Link} to={paths.dashboard} variant="light" mt="sm">
        Back to Dashboard
      </Button>
    </CenteredState>
  );
}

function UserDetailsScreen({ userId }: { userId: string }) {
  const query = useUser(userId);

  if (query.isPending) return <LoadingUser />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <CenteredState icon={<IconUserOff size={28} />} color="gray" title={USER_NOT_FOUND}>
          <Text c="dimmed">There is no account with the username {userId}.</Text>
          <Button component={Link} to={paths.dashboard} variant="light" mt="sm">
            Back to Dashboard
          </Button>
        </CenteredState>
      );
    }
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertCircle size={20} />}
        title={USER_LOAD_FAILED}
        role="alert"
      >
        <Text size="sm" mb="sm">
          {errorMessage(query.error)}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Try Again
        </Button>
      </Alert>
    );
  }
  return <UserDetails user={query.data} />;
}

/**
 * /dashboard/user/{userId}: one account for a superadmin to read, edit or delete.
 * Without a userId it goes back to /dashboard.
 */
export function UserDetailsPage({ userId }: { userId: string | undefined }) {
  const { user: me } = useAuth();
  if (!userId) return <Navigate to={paths.dashboard} replace />;
  const allowed = can(me?.groups, 'users:manage');

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group>
          <BackButton />
        </Group>
        {allowed ? <UserDetailsScreen key={userId} userId={userId} /> : <Restricted />}
      </Stack>
    </Container>
  );
}
