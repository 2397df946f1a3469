import type { UpdateUserRequest } from '@exemplar/shared/admin-users';
import { ROLES, type Role } from '@exemplar/shared/roles';
import { isConfirmed, type AdminUserView } from '../api/admin-user';

/** What the edit dialog holds (/dashboard/user/{userId}, edit dialog). */
export interface EditUserValues {
  /** Empty keeps the current password. */
  password: string;
  enabled: boolean;
  confirmed: boolean;
  emailVerified: boolean;
  roles: Role[];
}

export function editValuesOf(user: AdminUserView): EditUserValues {
  return {
    password: '',
    enabled: user.enabled,
    confirmed: isConfirmed(user),
    emailVerified: user.emailVerified,
    roles: ROLES.filter((role) => user.groups.includes(role)),
  };
}

export interface UserChanges {
  /** The PUT body: only the fields that changed. */
  update: UpdateUserRequest;
  addRoles: Role[];
  removeRoles: Role[];
}

/**
 * What differs between `user` and the dialog's `values`. A confirmed account is never sent
 * `confirmed` (it cannot be unconfirmed); an empty password is not sent.
 */
export function userChanges(user: AdminUserView, values: EditUserValues): UserChanges {
  const update: UpdateUserRequest = {};
  if (values.password !== '') update.password = values.password;
  if (values.enabled !== user.enabled) update.enabled = values.enabled;
  if (!isConfirmed(user) && values.confirmed) update.confirmed = true;
  if (values.emailVerified !== user.emailVerified) update.emailVerified = values.emailVerified;
  return {
    update,
    addRoles: ROLES.filter((role) => values.roles.includes(role) && !user.groups.includes(role)),
    removeRoles: ROLES.filter((role) => !values.roles.includes(role) && user.groups.includes(role)),
  };
}

export function hasChanges(changes: UserChanges): boolean {
  return (
    Object.keys(changes.update).length > 0 ||
    changes.addRoles.length > 0 ||
    changes.removeRoles.length > 0
  );
}

/**
 * The one PUT /admin/users/{username} body that makes `changes`: the changed fields, and (when a
 * role is added or taken away) `groups`, the user's whole set of roles after the save. The server
 * saves it all in one transaction: the save lands entirely or not at all.
 */
export function updateRequest(
  user: Pick<AdminUserView, 'groups'>,
  changes: UserChanges,
): UpdateUserRequest {
  if (changes.addRoles.length === 0 && changes.removeRoles.length === 0) return changes.update;
  const groups = ROLES.filter(
    (role) =>
      (user.groups.includes(role) || changes.addRoles.includes(role)) &&
      !changes.removeRoles.includes(role),
  );
  return { ...changes.update, groups };
}

/** The changes that give `user` exactly the one role `role` (the dashboard's quick role change). */
export function roleChange(user: AdminUserView, role: Role): UserChanges {
  return userChanges(user, { ...editValuesOf(user), roles: [role] });
}
