import type { AdminUser } from '@exemplar/shared/admin-users';
import { normaliseGroups } from '@exemplar/shared/roles';
import type { AccountRow } from '../auth';

/** An account's row and groups as superadmins see it ('User (admin view)'). */
export const toAdminUser = (u: AccountRow, groups: string[]): AdminUser => ({
  username: u.username,
  email: u.email,
  name: u.name,
  status: u.status,
  enabled: u.enabled === 1,
  emailVerified: u.email_verified === 1,
  groups: normaliseGroups(groups),
  created: u.created_at,
  lastModified: u.updated_at,
});
