import type { AuditEntry } from '@exemplar/shared/admin-users';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { emailsByIds } from '../auth';
import { toAuditEntry } from './audit.presenter';
import * as repo from './audit.repository';

type Db = Kysely<Database>;

export type { AuditRecord } from './audit.repository';

/**
 * Appends an entry to the audit log: each change's own service calls it inside the transaction of
 * the change it records, so the entry and the change are written together or not at all.
 */
export const recordAudit = (db: Db, record: repo.AuditRecord): Promise<void> =>
  repo.recordAudit(db, record);

/** When each of `targetIds` last had `action` recorded (absent: never). */
export const lastRecorded = (
  db: Db,
  action: string,
  targetIds: string[],
): Promise<Map<string, string>> => repo.lastRecorded(db, action, targetIds);

/** Reading the audit log (entries are written by each change's own service, in its transaction). */
export function auditService(db: Db) {
  return {
    /** Newest first, `limit` entries older than entry `before` (when given). */
    async list(limit: number, before?: number): Promise<AuditEntry[]> {
      const rows = await repo.listAudit(db, limit, before);
      const actorIds = rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]));
      const emails = await emailsByIds(db, actorIds);
      return rows.map((r) =>
        toAuditEntry(r, r.actor_id === null ? null : (emails.get(r.actor_id) ?? null)),
      );
    },
  };
}
