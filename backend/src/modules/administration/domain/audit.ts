/**
 * D32: the audit trail's vocabulary. Every admin action writes one row: who, what, on whom, why,
 * when, and how it ended. The row is opened before the action and finished after it, so a crash
 * between the two leaves `started` (outcome unknown) rather than no row.
 */
export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.unsuspend',
  'credits.adjust',
  'fallback.override',
  'fallback.reset',
  'fallback.test',
  'model.reorder',
  'model.enable',
  'model.disable',
  'model.test',
  'image.hide',
  'image.show',
  'report.take-down',
  'report.dismiss',
  'whitelist.add',
  'whitelist.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditTargetType = 'user' | 'image' | 'fallback' | 'model' | 'whitelist';

export type AuditOutcome = 'started' | 'succeeded' | 'failed';

/** The admin who acts (their e-mail as it is when they act: the trail keeps it if it changes). */
export interface AdminActor {
  id: string;
  email: string;
}

export interface NewAuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** Why, as the admin gave it (an adjustment's reason and notes, a suspension's reason). */
  reason: string | null;
  details: Record<string, unknown>;
  /** A credit adjustment's key (D5, D32): its retries share one row. */
  idempotencyKey?: string;
}

export interface AuditEntry extends Omit<NewAuditEntry, 'idempotencyKey'> {
  id: string;
  adminId: string;
  adminEmail: string;
  outcome: AuditOutcome;
  /** The failure's code (e.g. ADMIN.BELOW_ZERO), when it failed. */
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/**
 * D5, D32 (issue 24): whether a retry with the same idempotency key asks for the same action as
 * the row it found: same action, target and reason, and every detail the request gave (the row's
 * details also hold what the action learned, such as the transaction id).
 */
export function sameAuditedRequest(stored: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'reason' | 'details'>, requested: NewAuditEntry): boolean {
  return (
    stored.action === requested.action &&
    stored.targetType === requested.targetType &&
    stored.targetId === requested.targetId &&
    stored.reason === requested.reason &&
    Object.entries(requested.details).every(([k, v]) => JSON.stringify(stored.details[k]) === JSON.stringify(v))
  );
}
