import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import { ROLE_LABELS, ROLES, type Role } from '@exemplar/shared/roles';
import {
  IconCheck,
  IconDots,
  IconEye,
  IconLock,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldCheck,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { isConfirmed, type AdminUserView } from '../api/admin-user';

export type QuickAction =
  | { type: 'enable' }
  | { type: 'disable' }
  | { type: 'confirm' }
  | { type: 'delete' }
  | { type: 'role'; role: Role };

interface UserRowActionsProps {
  user: AdminUserView;
  busy: boolean;
  /**
   * Set for the only enabled superadmin: why Disable, Delete and the other roles are not offered
   * (the server would refuse them).
   */
  lockedReason?: string | null;
  onAction: (user: AdminUserView, action: QuickAction) => void;
}

/** The quick actions of one user in the list; everything else is on the user's page. */
export function UserRowActions({ user, busy, lockedReason, onAction }: UserRowActionsProps) {
  const onlyRole = user.groups.length === 1 ? user.groups[0] : undefined;
  const reasonId = useId();
  const locked = Boolean(lockedReason);
  // Locked: only Super Admin stays (it keeps the superadmin role, dropping any other).
  const roles = locked ? ROLES.filter((role) => role === 'superadmin') : ROLES;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          loading={busy}
          aria-label={`Actions for ${user.email}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-describedby={locked ? reasonId : undefined}>
        <Menu.Item
          component={Link}
          to={paths.dashboardUser(user.username)}
          leftSection={<IconEye size={16} />}
        >
          View details
        </Menu.Item>
        <Menu.Divider />
        {locked ? null : user.enabled ? (
          <Menu.Item
            leftSection={<IconPlayerPause size={16} />}
            onClick={() => onAction(user, { type: 'disable' })}
          >
            Disable account
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => onAction(user, { type: 'enable' })}
          >
            Enable account
          </Menu.Item>
        )}
        {!isConfirmed(user) && (
          <Menu.Item
            leftSection={<IconUserCheck size={16} />}
            onClick={() => onAction(user, { type: 'confirm' })}
          >
            Confirm account
          </Menu.Item>
        )}
        <Menu.Label>Set role</Menu.Label>
        {roles.map((role) => (
          <Menu.Item
            key={role}
            leftSection={
              onlyRole === role ? <IconCheck size={16} /> : <IconShieldCheck size={16} />
            }
            disabled={onlyRole === role}
            onClick={() => onAction(user, { type: 'role', role })}
          >
            {ROLE_LABELS[role]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {locked ? (
          <Group id={reasonId} gap={8} wrap="nowrap" align="flex-start" px="sm" py={6}>
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed">
              {lockedReason}
            </Text>
          </Group>
        ) : (
          <Menu.Item
            color="red"
            // The text shade of red: the filled one is too light to read on white.
            style={{ '--menu-item-color': 'var(--mantine-color-red-text)' } as CSSProperties}
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction(user, { type: 'delete' })}
          >
            Delete user
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
