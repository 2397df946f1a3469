import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, refreshSession } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth/auth-store';
import { parseData } from '../../../lib/envelope';
import { authKeys, CurrentUserSchema, type CurrentUser } from './get-me';

/** PATCH /auth/me {name} → the updated user. */
export async function updateMe(input: { name: string }): Promise<CurrentUser> {
  const body = await api.patch<unknown>('/auth/me', input);
  return parseData(z.object({ user: CurrentUserSchema }), body).user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(user.sub), user);
      authStore.syncUser(user);
      // New tokens carry the new name, so it survives a reload everywhere. Best effort.
      refreshSession().catch(() => undefined);
    },
  });
}
