// The audit module's face: the log every change writes its entry to, and its route.
export { auditRoutes } from './audit.routes';
export { auditService, lastRecorded, recordAudit, type AuditRecord } from './audit.service';
