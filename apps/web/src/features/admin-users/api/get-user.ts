import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import {
  adminUsersKeys,
  AdminUserViewSchema,
  retryServerErrors,
  type AdminUserView,
} from './admin-user';
import { parseData } from '../../../lib/envelope';

/** `data` is `{ user }`, or the user itself. */
export const UserDataSchema = z.union([
  z.object({ user: AdminUserViewSchema }).transform((data) => data.user),
  AdminUserViewSchema,
]);

/** GET /admin/users/{username} → the user; a 404 ('User not found') rejects with an ApiError. */
export async function getUser(username: string, signal?: AbortSignal): Promise<AdminUserView> {
  const body = await api.get<unknown>(`/admin/users/${encodeURIComponent(username)}`, { signal });
  return parseData(UserDataSchema, body);
}

export function userQueryOptions(username: string) {
  return queryOptions({
    queryKey: adminUsersKeys.user(username),
    queryFn: ({ signal }) => getUser(username, signal),
    staleTime: 0,
    retry: retryServerErrors,
  });
}

export function useUser(username: string) {
  return useQuery(userQueryOptions(username));
}
