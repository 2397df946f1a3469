import type { AdminUserView } from '../api/admin-user';

/**
 * The server refuses to disable, delete or take the superadmin role from the only enabled
 * superadmin (409), whoever asks: someone must be able to manage accounts. Any other superadmin,
 * the caller included, can be disabled, deleted or demoted. The pages offer only what can succeed.
 */
type Account = Pick<AdminUserView, 'username' | 'enabled' | 'groups'>;

const isEnabledSuperadmin = (user: Account) => user.enabled && user.groups.includes('superadmin');

/** The username of the only enabled superadmin among `users`, or null when there are 0 or 2+. */
export function onlyEnabledSuperadmin(users: readonly Account[]): string | null {
  const superadmins = users.filter(isEnabledSuperadmin);
  return superadmins.length === 1 ? superadmins[0]!.username : null;
}

/** Why the only enabled superadmin's account offers no Disable, Delete or demotion. */
export function onlySuperadminReason(self: boolean): string {
  return self
    ? 'You are the only enabled superadmin: your account cannot be disabled, deleted or demoted until there is another.'
    : 'This is the only enabled superadmin: it cannot be disabled, deleted or demoted until there is another.';
}
