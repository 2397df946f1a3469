import { Badge, type BadgeProps } from '@mantine/core';
import { ROLE_LABELS, highestRole, type Role } from '@exemplar/shared/roles';

/** Super Admin red, Admin yellow, User blue. */
export const ROLE_BADGE_COLORS: Readonly<Record<Role, string>> = {
  superadmin: 'red',
  admin: 'yellow',
  basic: 'blue',
};

export interface RoleBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  groups: readonly string[] | null | undefined;
}

export function RoleBadge({ groups, ...props }: RoleBadgeProps) {
  const role = highestRole(groups);
  return (
    <Badge variant="light" size="sm" {...props} color={ROLE_BADGE_COLORS[role]}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
