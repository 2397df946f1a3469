import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RoleBadge } from '../../../components/role-badge';
import { userInitial } from '../../../lib/auth/user-display';
import { paths } from '../../../lib/paths';
import type { AdminUserView } from '../api/admin-user';
import { formatDate, formatDateTime } from '../lib/format';
import { onlySuperadminReason } from '../lib/only-superadmin';
import {
  defaultDirection,
  filterUsers,
  SORT_FIELDS,
  SORT_LABELS,
  sortUsers,
  type SortDirection,
  type SortField,
} from '../lib/user-list';
import classes from './admin-users.module.css';
import { EnabledBadge, StatusBadge } from './user-badges';
import { UserRowActions, type QuickAction } from './user-row-actions';
import { SectionHeading } from '../../../components/section-heading';

interface UsersListProps {
  users: readonly AdminUserView[];
  /** The signed-in superadmin's username: their row says 'You'. */
  currentUsername: string | undefined;
  /** The user a quick action is running for. */
  busyUsername: string | null;
  /** The only enabled superadmin: their actions leave out what the server would refuse. */
  onlySuperadmin: string | null;
  onAction: (user: AdminUserView, action: QuickAction) => void;
}

function UserName({ user }: { user: AdminUserView }) {
  const name = user.name.trim();
  return (
    <Link to={paths.dashboardUser(user.username)} className={classes.userLink}>
      {name || user.email}
    </Link>
  );
}

function YouBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray">
      You
    </Badge>
  );
}

function UserIdentity({ user, you }: { user: AdminUserView; you: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar color="brand" radius="xl" size={36} aria-hidden>
        {userInitial(user)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <UserName user={user} />
          {you && <YouBadge />}
        </Group>
        <Text size="xs" c="dimmed" className={classes.email}>
          {user.name.trim() ? user.email : 'Name not set'}
        </Text>
      </Stack>
    </Group>
  );
}

function RowActions({
  user,
  currentUsername,
  busyUsername,
  onlySuperadmin,
  onAction,
}: Omit<UsersListProps, 'users'> & { user: AdminUserView }) {
  return (
    <UserRowActions
      user={user}
      busy={busyUsername === user.username}
      lockedReason={
        user.username === onlySuperadmin
          ? onlySuperadminReason(user.username === currentUsername)
          : null
      }
      onAction={onAction}
    />
  );
}

function UsersTable({ users, ...rest }: UsersListProps) {
  const { currentUsername } = rest;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.username} className={classes.tableRow}>
              <Table.Td maw={320}>
                <UserIdentity user={user} you={user.username === currentUsername} />
              </Table.Td>
              <Table.Td>
                <StatusBadge user={user} />
              </Table.Td>
              <Table.Td>
                <EnabledBadge enabled={user.enabled} />
              </Table.Td>
              <Table.Td>
                <RoleBadge groups={user.groups} />
              </Table.Td>
              <Table.Td>
                <Tooltip label={formatDateTime(user.created)} withArrow openDelay={300}>
                  <Text size="sm" span>
                    {formatDate(user.created)}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <RowActions {...rest} user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per user instead of a wide table. */
function UsersCards({ users, ...rest }: UsersListProps) {
  const { currentUsername } = rest;
  return (
    <Stack gap="sm" component="ul" aria-label="Users" p={0} m={0} style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <li key={user.username} className={classes.userCard}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <UserIdentity user={user} you={user.username === currentUsername} />
            <RowActions {...rest} user={user} />
          </Group>
          <Group gap={6} mt="sm">
            <StatusBadge user={user} />
            <EnabledBadge enabled={user.enabled} />
            <RoleBadge groups={user.groups} />
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Created {formatDate(user.created)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** Every account with search (email, name, username) and sort (/dashboard, superadmin). */
export function UsersList(props: UsersListProps) {
  const [query, setQuery] = useState('');
  const [field, setField] = useState<SortField>('created');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const shown = useMemo(
    () => sortUsers(filterUsers(props.users, query), field, direction),
    [props.users, query, field, direction],
  );

  const chooseField = (value: string | null) => {
    const next = (SORT_FIELDS as readonly string[]).includes(value ?? '')
      ? (value as SortField)
      : 'created';
    setField(next);
    setDirection(defaultDirection(next));
  };

  const searching = query.trim() !== '';
  const nextDirection = direction === 'asc' ? 'descending' : 'ascending';

  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby="users-title"
      className={classes.listCard}
    >
      <Group justify="space-between" mb="md" gap="xs">
        <SectionHeading
          id="users-title"
          icon={IconUsers}
          after={
            <Badge variant="light" color="gray" aria-label={`${props.users.length} users`}>
              {props.users.length}
            </Badge>
          }
        >
          Users
        </SectionHeading>
      </Group>

      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 260px"
          label="Search users"
          placeholder="Email, name or username"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          rightSection={
            searching ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
            ) : null
          }
        />
        <Group gap="xs" wrap="nowrap" align="flex-end" flex="0 1 auto">
          <Select
            label="Sort by"
            w={150}
            data={SORT_FIELDS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            value={field}
            onChange={chooseField}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Tooltip label={`Sort ${nextDirection}`} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={`Sort ${nextDirection}`}
              onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
            >
              {direction === 'asc' ? (
                <IconSortAscending size={18} />
              ) : (
                <IconSortDescending size={18} />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {searching
          ? `Showing ${shown.length} of ${props.users.length} users`
          : `${props.users.length} ${props.users.length === 1 ? 'user' : 'users'}`}
      </Text>

      {shown.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>{searching ? 'No users match your search.' : 'No users yet.'}</Text>
          {searching && (
            <Button variant="light" size="xs" onClick={() => setQuery('')}>
              Clear search
            </Button>
          )}
        </Stack>
      ) : phone ? (
        <UsersCards {...props} users={shown} />
      ) : (
        <UsersTable {...props} users={shown} />
      )}
    </Card>
  );
}
