import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-store';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { hasChanges, updateRequest, type UserChanges } from '../lib/user-changes';
import { adminUsersKeys, type AdminUserView } from './admin-user';
import { updateUser, USER_UPDATED_MESSAGE } from './update-user';

/** Whom a save is for: the username, and the roles the page shows (the roles the changes start from). */
export type SavedUser = Pick<AdminUserView, 'username' | 'groups'>;

/**
 * Saves what changed in one request: PUT /admin/users/{username} with only the changed fields and,
 * when roles changed, the user's whole set of roles after the save (see updateRequest). The server
 * applies it all or nothing, so a refused save leaves the account as it was.
 */
export async function saveUserChanges(user: SavedUser, changes: UserChanges): Promise<string> {
  if (!hasChanges(changes)) return USER_UPDATED_MESSAGE;
  return (await updateUser(user.username, updateRequest(user, changes))).message;
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
    mutationFn: ({ user, changes }: { user: SavedUser; changes: UserChanges }) =>
      saveUserChanges(user, changes),
  });
}
