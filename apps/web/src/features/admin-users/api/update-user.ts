import type { UpdateUserRequest } from '@exemplar/shared/admin-users';
import { api } from '../../../lib/api-client';
import type { AdminUserView } from './admin-user';
import { parseData, successMessage } from '../../../lib/envelope';
import { UserDataSchema } from './get-user';

export const USER_UPDATED_MESSAGE = 'User updated successfully.';

/**
 * PUT /admin/users/{username} with only the changed fields among password, enabled, confirmed,
 * emailVerified, and groups (the whole set of roles after the save); at least one.
 */
export async function updateUser(
  username: string,
  changes: UpdateUserRequest,
): Promise<{ user: AdminUserView; message: string }> {
  const body = await api.put<unknown>(`/admin/users/${encodeURIComponent(username)}`, changes);
  return {
    user: parseData(UserDataSchema, body),
    message: successMessage(body, USER_UPDATED_MESSAGE),
  };
}
