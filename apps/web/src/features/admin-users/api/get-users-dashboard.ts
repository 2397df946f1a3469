import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminUsersKeys, AdminUserViewSchema, retryServerErrors } from './admin-user';
import { parseData } from '../../../lib/envelope';

const UsersDashboardViewSchema = z
  .object({
    total: z.number().int().optional(),
    confirmed: z.number().int().optional(),
    unconfirmed: z.number().int().optional(),
    users: z.array(AdminUserViewSchema),
  })
  .transform(({ users, ...counts }) => {
    const confirmed = counts.confirmed ?? users.filter((u) => u.status === 'CONFIRMED').length;
    const total = counts.total ?? users.length;
    return { total, confirmed, unconfirmed: counts.unconfirmed ?? total - confirmed, users };
  });
export type UsersDashboardView = z.infer<typeof UsersDashboardViewSchema>;

/** GET /admin/users/dashboard → counts (total, confirmed, unconfirmed) and every user. */
export async function getUsersDashboard(signal?: AbortSignal): Promise<UsersDashboardView> {
  const body = await api.get<unknown>('/admin/users/dashboard', { signal });
  return parseData(UsersDashboardViewSchema, body);
}

export function usersDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminUsersKeys.dashboard(),
    queryFn: ({ signal }) => getUsersDashboard(signal),
    staleTime: 0,
    retry: retryServerErrors,
  });
}

export function useUsersDashboard() {
  return useQuery(usersDashboardQueryOptions());
}
