import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-store';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { hasChanges, type UserChanges } from '../lib/user-changes';
import { addUserGroup } from './add-user-group';
import { adminUsersKeys } from './admin-user';
import { removeUserGroup } from './remove-user-group';
import { updateUser, USER_UPDATED_MESSAGE } from './update-user';

/**
 * Saves what changed: one PUT with only the changed fields (none when only roles changed), then a
 * POST for each role added and a DELETE for each role taken away. New roles go first, so moving a
 * user from one role to another never leaves them without both. Stops at the first failure.
 */
export async function saveUserChanges(username: string, changes: UserChanges): Promise<string> {
  if (!hasChanges(changes)) return USER_UPDATED_MESSAGE;
  let message = USER_UPDATED_MESSAGE;
  if (Object.keys(changes.update).length > 0) {
    message = (await updateUser(username, changes.update)).message;
  }
  for (const role of changes.addRoles) await addUserGroup(username, role);
  for (const role of changes.removeRoles) await removeUserGroup(username, role);
  return message;
}

/**
 * Refreshes what a change to `username` affects: the list, counts and audit log; the signed-in
 * user's own session data too when they changed their own account (their role may have changed).
 */
export function useInvalidateAfterUserChange() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return (username: string, { includeUser = true } = {}) => {
    if (user && user.sub === username) {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: adminUsersKeys.dashboard() });
    void queryClient.invalidateQueries({ queryKey: [...adminUsersKeys.all, 'audit'] });
    if (includeUser)
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.user(username) });
  };
}

export function useSaveUserChanges() {
  return useMutation({
    mutationFn: ({ username, changes }: { username: string; changes: UserChanges }) =>
      saveUserChanges(username, changes),
  });
}
