import { z } from 'zod';

/**
 * The fixed list of roles, highest first. A user's roles come from the groups of their
 * token; a user without groups is `basic`.
 */
export const ROLES = ['superadmin', 'admin', 'basic'] as const;
export type Role = (typeof ROLES)[number];

// Pure: bundles that only need the helpers below (the web app) leave zod out.
export const RoleSchema = /* @__PURE__ */ z.enum(ROLES);

export const DEFAULT_ROLE: Role = 'basic';

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  basic: 'User',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The groups a user effectively has: the known roles among `groups`, or `['basic']` when there are
 * none (absent, empty, or only unknown names).
 */
export function normaliseGroups(groups: readonly unknown[] | null | undefined): Role[] {
  const roles = (groups ?? []).filter(isRole);
  return roles.length > 0 ? [...new Set(roles)] : [DEFAULT_ROLE];
}

/** The highest role among `groups`: superadmin over admin over basic. */
export function highestRole(groups: readonly unknown[] | null | undefined): Role {
  const roles = normaliseGroups(groups);
  return ROLES.find((role) => roles.includes(role)) ?? DEFAULT_ROLE;
}

/** True when `role` is at least `minimum` (superadmin ≥ admin ≥ basic). */
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(minimum);
}

/**
 * Everything a role may do, in one place: the API enforces it, the web app hides what is not
 * allowed. Each permission names the lowest role that has it (superadmin ≥ admin ≥ basic).
 */
export const PERMISSIONS = {
  /** Likes, solved marks, own profile. */
  'progress:write': 'basic',
  /** Create, edit and delete subjects, categories, difficulties, types and examples; import and export. */
  'catalogue:write': 'admin',
  /**
   * Read the history of a deleted example and restore it (the history of an existing example
   * needs catalogue:write only).
   */
  'catalogue:restore-deleted': 'superadmin',
  /** Read, edit, enable, confirm, delete accounts and change their roles. */
  'users:manage': 'superadmin',
  /** Read the audit log. */
  'audit:read': 'superadmin',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

export function can(
  groups: readonly unknown[] | null | undefined,
  permission: Permission,
): boolean {
  return roleAtLeast(highestRole(groups), PERMISSIONS[permission]);
}

/** Every permission with whether `groups` has it (GET /api/admin/permissions). */
export function permissionsOf(
  groups: readonly unknown[] | null | undefined,
): Record<Permission, boolean> {
  return Object.fromEntries(
    (Object.keys(PERMISSIONS) as Permission[]).map((p) => [p, can(groups, p)]),
  ) as Record<Permission, boolean>;
}
