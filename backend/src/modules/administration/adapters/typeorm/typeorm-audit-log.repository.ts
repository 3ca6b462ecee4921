import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { containsPattern } from '../../../../shared/pg/contains-pattern';
import type { AdminActor, AuditEntry, AuditOutcome, NewAuditEntry } from '../../domain/audit';

interface AuditRow {
  id: string;
  admin_id: string;
  admin_email: string;
  action: AuditEntry['action'];
  target_type: AuditEntry['targetType'];
  target_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  outcome: AuditOutcome;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: String(r.id),
    adminId: r.admin_id,
    adminEmail: r.admin_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    details: r.details,
    outcome: r.outcome,
    error: r.error,
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
  };
}

/** D32: the `admin_audit_log` table, by intent. */
@Injectable()
export class TypeormAuditLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Opens a row (outcome `started`) and answers its id. With an idempotency key that already has a
   * row, that row (`existing`): a retried adjustment shares its first attempt's row.
   */
  async open(actor: AdminActor, entry: NewAuditEntry): Promise<{ id: string; existing: AuditEntry | null }> {
    const key = entry.idempotencyKey ?? null;
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO "admin_audit_log" ("admin_id", "admin_email", "action", "target_type", "target_id", "reason", "details", "idempotency_key")
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
       ON CONFLICT ("idempotency_key") WHERE "idempotency_key" IS NOT NULL DO NOTHING
       RETURNING "id"`,
      [actor.id, actor.email, entry.action, entry.targetType, entry.targetId, entry.reason, JSON.stringify(entry.details), key],
    );
    if (inserted.length > 0) return { id: String(inserted[0].id), existing: null };
    // The key's row exists (maybe committed by a concurrent retry after this statement began):
    // a new statement sees it.
    const existing: AuditRow[] = await this.dataSource.query(`SELECT * FROM "admin_audit_log" WHERE "idempotency_key" = $1`, [key]);
    return { id: String(existing[0].id), existing: toEntry(existing[0]) };
  }

  /** Records how the action ended, with what it learned (merged into details). */
  async finish(id: string, outcome: Exclude<AuditOutcome, 'started'>, error: string | null, details: Record<string, unknown>): Promise<void> {
    await this.dataSource.query(
      `UPDATE "admin_audit_log"
          SET "outcome" = $2, "error" = $3, "details" = "details" || $4::jsonb, "finished_at" = now()
        WHERE "id" = $1`,
      [id, outcome, error, JSON.stringify(details)],
    );
  }

  /**
   * Newest first (by id: the order the rows were opened in, whatever the clocks), one page, with
   * the total. With `text`, only rows whose admin e-mail, action, target or reason contains it
   * (case-insensitive, LIKE wildcards taken literally).
   */
  async pageNewestFirst(limit: number, offset: number, text?: string, afterId?: string): Promise<{ items: AuditEntry[]; total: number }> {
    const pattern = text ? containsPattern(text) : null;
    const where = `($1::text IS NULL OR lower("admin_email") LIKE $1 OR lower("action") LIKE $1 OR lower("target_id") LIKE $1 OR lower("reason") LIKE $1)`;
    // D44: after a cursor, the page seeks the primary key from the last id shown.
    const page = afterId === undefined ? '' : `AND "id" < $4::bigint`;
    const [rows, count] = await Promise.all([
      this.dataSource.query(`SELECT * FROM "admin_audit_log" WHERE ${where} ${page} ORDER BY "id" DESC LIMIT $2 OFFSET $3`, [
        pattern,
        limit,
        offset,
        ...(afterId === undefined ? [] : [afterId]),
      ]) as Promise<AuditRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM "admin_audit_log" WHERE ${where}`, [pattern]) as Promise<Array<{ n: number }>>,
    ]);
    return { items: rows.map(toEntry), total: count[0].n };
  }
}
