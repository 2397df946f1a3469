import { api } from '../../../lib/api-client';
import { successMessage } from '../../../lib/envelope';

export const USER_DELETED_MESSAGE = 'User deleted successfully.';

/** DELETE /admin/users/{username} → the server's message. */
export async function deleteUser(username: string): Promise<string> {
  const body = await api.delete<unknown>(`/admin/users/${encodeURIComponent(username)}`);
  return successMessage(body, USER_DELETED_MESSAGE);
}
