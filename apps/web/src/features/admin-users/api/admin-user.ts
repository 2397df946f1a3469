import { isRole } from '@exemplar/shared/roles';
import { z } from 'zod';
import { isClientError } from '../../../lib/api-error';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';

/**
 * A user as superadmins see it ('User (admin view)'; the shared AdminUserSchema), read
 * leniently where the UI can cope: another status, unknown groups, missing flags or dates.
 */
export const AdminUserViewSchema = z.object({
  username: z.string(),
  email: z.string().catch(''),
  name: z
    .string()
    .nullish()
    .catch(null)
    .transform((name) => name ?? ''),
  status: z.string().catch('UNKNOWN'),
  enabled: z.boolean().catch(true),
  emailVerified: z.boolean().catch(false),
  groups: z
    .array(z.unknown())
    .catch([])
    .transform((groups) => [...new Set(groups.filter(isRole))]),
  created: z.string().nullish().catch(null),
  lastModified: z.string().nullish().catch(null),
});
export type AdminUserView = z.infer<typeof AdminUserViewSchema>;

export const CONFIRMED = 'CONFIRMED';

export function isConfirmed(user: Pick<AdminUserView, 'status'>): boolean {
  return user.status === CONFIRMED;
}

/**
 * Query keys. Everything sits under the session prefix, so a logout drops it with the rest of the
 * signed-in user's data.
 */
export const adminUsersKeys = {
  all: [...SESSION_QUERY_KEY, 'admin-users'] as const,
  dashboard: () => [...adminUsersKeys.all, 'dashboard'] as const,
  user: (username: string) => [...adminUsersKeys.all, 'user', username] as const,
  audit: (limit: number) => [...adminUsersKeys.all, 'audit', limit] as const,
};

/** Client errors (403, 404, …) will not get better by asking again. */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < 1;
}

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}
