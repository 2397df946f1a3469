import type { AuditEntry } from '@exemplar/shared/admin-users';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { emailsByIds } from '../auth/users.repository';
import { toAuditEntry } from './audit.presenter';
import { listAudit } from './audit.repository';

/** Reading the audit log (entries are written by each change's own service, in its transaction). */
export function auditService(db: Kysely<Database>) {
  return {
    /** Newest first, `limit` entries older than entry `before` (when given). */
    async list(limit: number, before?: number): Promise<AuditEntry[]> {
      const rows = await listAudit(db, limit, before);
      const actorIds = rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]));
      const emails = await emailsByIds(db, actorIds);
      return rows.map((r) =>
        toAuditEntry(r, r.actor_id === null ? null : (emails.get(r.actor_id) ?? null)),
      );
    },
  };
}
