import type { AuditEntry } from '@exemplar/shared/admin-users';
import type { AuditRow } from './audit.repository';

/** An audit row as the API shows it; `actor` is the actor's email while the account exists. */
export const toAuditEntry = (r: AuditRow, actor: string | null): AuditEntry => ({
  id: r.id,
  actor,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  details: JSON.parse(r.details) as Record<string, unknown>,
  createdAt: r.created_at,
});
