import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface AuditRecord {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
  at: string;
}

/** Appends to the audit log; call inside the transaction of the change it records. */
export async function recordAudit(db: Db, r: AuditRecord) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: r.actorId,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      details: JSON.stringify(r.details ?? {}),
      created_at: r.at,
    })
    .execute();
}

/** Newest first: `limit` entries older than entry `beforeId` (when given). */
export function listAudit(db: Db, limit: number, beforeId?: number) {
  let q = db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'action', 'target_type', 'target_id', 'details', 'created_at']);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number];

/** When each of `targetIds` last had `action` recorded (absent: never), as the log has it. */
export async function lastRecorded(
  db: Db,
  action: string,
  targetIds: string[],
): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_log')
    .select(['target_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('action', '=', action)
    .where('target_id', 'in', targetIds)
    .groupBy('target_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.target_id === null ? [] : [[r.target_id, String(r.at)]])));
}
