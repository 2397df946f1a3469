import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminUsersKeys, retryServerErrors } from './admin-user';
import { parseData } from '../../../lib/envelope';

export const AuditEntryViewSchema = z.object({
  id: z.union([z.number(), z.string()]),
  actor: z.string().nullish().catch(null),
  action: z.string(),
  targetType: z.string().catch(''),
  targetId: z.union([z.string(), z.number()]).nullish().catch(null),
  details: z.record(z.string(), z.unknown()).catch({}),
  createdAt: z.string().catch(''),
});
export type AuditEntryView = z.infer<typeof AuditEntryViewSchema>;

const AuditDataSchema = z.object({ entries: z.array(AuditEntryViewSchema) });

/** How many entries the dashboard's audit panel shows: the newest ones. */
export const RECENT_AUDIT_LIMIT = 20;

/** GET /admin/audit?limit=… → entries, newest first. */
export async function getAuditLog(limit: number, signal?: AbortSignal): Promise<AuditEntryView[]> {
  const body = await api.get<unknown>('/admin/audit', { query: { limit }, signal });
  return parseData(AuditDataSchema, body).entries;
}

export function auditLogQueryOptions(limit = RECENT_AUDIT_LIMIT) {
  return queryOptions({
    queryKey: adminUsersKeys.audit(limit),
    queryFn: ({ signal }) => getAuditLog(limit, signal),
    staleTime: 0,
    retry: retryServerErrors,
  });
}

export function useAuditLog(limit = RECENT_AUDIT_LIMIT) {
  return useQuery(auditLogQueryOptions(limit));
}
