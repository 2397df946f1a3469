import { queryOptions, useQuery } from '@tanstack/react-query';
import { normaliseGroups } from '@exemplar/shared/roles';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { isClientError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth/auth-store';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { parseData } from '../../../lib/envelope';

/**
 * The signed-in user as GET /auth/me returns it (the shared MeSchema), read leniently where the UI
 * can cope: unknown groups are dropped, missing flags and dates are tolerated.
 */
export const CurrentUserSchema = z.object({
  username: z.string(),
  sub: z.string(),
  email: z.string(),
  name: z.string().catch(''),
  groups: z
    .array(z.string())
    .catch([])
    .transform((groups) => normaliseGroups(groups)),
  status: z.string().catch('UNKNOWN'),
  enabled: z.boolean().catch(true),
  emailVerified: z.boolean().catch(false),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

const MeDataSchema = z.object({ user: CurrentUserSchema });

export const authKeys = {
  all: SESSION_QUERY_KEY,
  me: (sub: string) => [...SESSION_QUERY_KEY, 'me', sub] as const,
};

/** GET /auth/me → the current user. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const body = await api.get<unknown>('/auth/me', { signal });
  return parseData(MeDataSchema, body).user;
}

/** Client errors (401 after a failed refresh, 403, 404) will not get better by asking again. */
function worthRetrying(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < 1;
}

export function currentUserQueryOptions(sub: string) {
  return queryOptions({
    queryKey: authKeys.me(sub),
    queryFn: async ({ signal }) => {
      const user = await getCurrentUser(signal);
      // The navbar shows the server's name, groups and email from now on.
      authStore.syncUser(user);
      return user;
    },
    // Checked again each time a protected page opens; cached data shows meanwhile.
    staleTime: 0,
    retry: worthRetrying,
  });
}

export function useCurrentUser(sub: string | undefined, enabled = true) {
  return useQuery({ ...currentUserQueryOptions(sub ?? ''), enabled: enabled && Boolean(sub) });
}
