import type { Role } from '@exemplar/shared/roles';
import { api } from '../../../lib/api-client';

/** POST /admin/users/{username}/groups {groupName}. */
export async function addUserGroup(username: string, groupName: Role): Promise<void> {
  await api.post<unknown>(`/admin/users/${encodeURIComponent(username)}/groups`, { groupName });
}
