import type { Role } from '@exemplar/shared/roles';
import { api } from '../../../lib/api-client';

/** DELETE /admin/users/{username}/groups/{group}. */
export async function removeUserGroup(username: string, group: Role): Promise<void> {
  await api.delete<unknown>(
    `/admin/users/${encodeURIComponent(username)}/groups/${encodeURIComponent(group)}`,
  );
}
