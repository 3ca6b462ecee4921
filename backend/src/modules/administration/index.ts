// Public surface of the administration context (ARCHITECTURE rule 2): other contexts import only from here.
// Administration is a leaf: nothing depends on it, and it exposes no API of its own.
export { AdministrationModule } from './administration.module';
export { AUDIT_ACTIONS } from './domain/audit';
export type { AuditAction, AuditEntry } from './domain/audit';
