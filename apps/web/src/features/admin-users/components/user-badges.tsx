import { Badge, Group, Text, type BadgeProps } from '@mantine/core';
import { ROLES, type Role } from '@exemplar/shared/roles';
import { ROLE_BADGE_COLORS } from '../../../components/role-badge';
import { isConfirmed, type AdminUserView } from '../api/admin-user';

type Size = BadgeProps['size'];

/** CONFIRMED in green, anything else (UNCONFIRMED) in orange. */
export function StatusBadge({ user, size = 'sm' }: { user: AdminUserView; size?: Size }) {
  return (
    <Badge variant="light" color={isConfirmed(user) ? 'teal' : 'orange'} size={size}>
      {user.status}
    </Badge>
  );
}

export function EnabledBadge({ enabled, size = 'sm' }: { enabled: boolean; size?: Size }) {
  return (
    <Badge variant="dot" color={enabled ? 'teal' : 'red'} size={size}>
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

export function GroupBadge({ role, size = 'sm' }: { role: Role; size?: Size }) {
  return (
    <Badge variant="light" color={ROLE_BADGE_COLORS[role]} size={size} tt="none">
      {role}
    </Badge>
  );
}

/** One badge per group, highest first; 'No groups assigned' when there are none. */
export function GroupBadges({ groups, size = 'sm' }: { groups: readonly Role[]; size?: Size }) {
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        No groups assigned
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {ROLES.filter((role) => groups.includes(role)).map((role) => (
        <GroupBadge key={role} role={role} size={size} />
      ))}
    </Group>
  );
}
