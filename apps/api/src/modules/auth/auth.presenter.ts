import type { Me } from '@exemplar/shared/auth';
import { normaliseGroups } from '@exemplar/shared/roles';
import type { UserRow } from './users.repository';

/** A user's row and groups as the API shows the user their own account (`Me`). */
export function toMe(u: UserRow, groups: string[]): Me {
  return {
    username: u.username,
    sub: u.username,
    email: u.email,
    name: u.name,
    groups: normaliseGroups(groups),
    status: u.status,
    enabled: u.enabled === 1,
    emailVerified: u.email_verified === 1,
    createdAt: u.created_at,
    updatedAt: u.updated_at,
  };
}
