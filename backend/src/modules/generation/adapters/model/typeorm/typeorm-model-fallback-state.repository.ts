import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { FallbackState } from '../../../domain/fallback-state';
import { ModelFallbackStateOrmEntity } from './model-fallback-state.orm-entity';

/** The state as read, with the database's clock at that moment (every instance compares times against one clock). */
export interface StoredFallbackState extends FallbackState {
  now: Date;
}

interface Row {
  is_active: boolean;
  admin_override: boolean | null;
  failure_count: number;
  retry_after: Date | string | null;
  last_failure_time: Date | string | null;
  last_recovery_check: Date | string | null;
  db_now: Date | string;
}

const RETURNING = `RETURNING is_active, admin_override, failure_count, retry_after, last_failure_time, last_recovery_check, now() AS db_now`;

// Each write is ONE statement on the single row, so instances racing each other count correctly
// (PostgreSQL serialises the row update; the right-hand sides read the row's current values).
// They perform exactly the transitions of domain/fallback-state.ts (applyFallbackEvent).
const SQL = {
  read: `SELECT is_active, admin_override, failure_count, retry_after, last_failure_time, last_recovery_check, now() AS db_now
           FROM model_fallback_state WHERE id = 1`,
  ensureRow: `INSERT INTO model_fallback_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  primaryFailure: `
    UPDATE model_fallback_state SET
           failure_count = failure_count + 1,
           last_failure_time = now(),
           is_active = CASE WHEN failure_count + 1 >= $1 THEN true ELSE is_active END,
           retry_after = CASE WHEN failure_count + 1 >= $1 THEN now() + make_interval(mins => $2) ELSE retry_after END,
           updated_at = now()
     WHERE id = 1 ${RETURNING}`,
  fallbackFailure: `UPDATE model_fallback_state SET last_failure_time = now(), updated_at = now() WHERE id = 1 ${RETURNING}`,
  // Only writes when something changes: a success is the hot path of every generation.
  primarySuccess: `
    UPDATE model_fallback_state SET failure_count = 0, is_active = false, retry_after = NULL, updated_at = now()
     WHERE id = 1 AND (failure_count <> 0 OR is_active OR retry_after IS NOT NULL) ${RETURNING}`,
  recoverySuccess: `
    UPDATE model_fallback_state SET is_active = false, failure_count = 0, retry_after = NULL, last_recovery_check = now(), updated_at = now()
     WHERE id = 1 ${RETURNING}`,
  recoveryFailure: `
    UPDATE model_fallback_state SET last_recovery_check = now(), last_failure_time = now(),
           retry_after = now() + make_interval(mins => $1), updated_at = now()
     WHERE id = 1 ${RETURNING}`,
  setOverride: `UPDATE model_fallback_state SET admin_override = $1, updated_at = now() WHERE id = 1 ${RETURNING}`,
  reset: `UPDATE model_fallback_state SET is_active = false, failure_count = 0, retry_after = NULL, updated_at = now() WHERE id = 1 ${RETURNING}`,
};

/** Any lock id unique to this job; pg_try_advisory_lock(bigint). */
const RECOVERY_LOCK_KEY = '7301946112020011';

function toDate(v: Date | string | null): Date | null {
  return v === null ? null : v instanceof Date ? v : new Date(v);
}

function toState(row: Row): StoredFallbackState {
  return {
    isActive: row.is_active,
    adminOverride: row.admin_override,
    failureCount: Number(row.failure_count),
    retryAfter: toDate(row.retry_after),
    lastFailureTime: toDate(row.last_failure_time),
    lastRecoveryCheck: toDate(row.last_recovery_check),
    now: toDate(row.db_now)!,
  };
}

/** TypeORM's postgres driver answers UPDATE … RETURNING with [rows, count]. */
function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as Row[];
  return result as Row[];
}

/** D11: the fallback state row, read and changed with intent-named, single-statement methods. */
@Injectable()
export class TypeormModelFallbackStateRepository {
  constructor(@InjectRepository(ModelFallbackStateOrmEntity) private readonly repo: Repository<ModelFallbackStateOrmEntity>) {}

  private async one(sql: string, params: unknown[] = []): Promise<StoredFallbackState> {
    const rows = rowsOf(await this.repo.query(sql, params));
    if (rows.length > 0) return toState(rows[0]);
    return this.read();
  }

  async read(): Promise<StoredFallbackState> {
    let rows = rowsOf(await this.repo.query(SQL.read));
    if (rows.length === 0) {
      // The migration inserts the row; put it back if someone removed it.
      await this.repo.query(SQL.ensureRow);
      rows = rowsOf(await this.repo.query(SQL.read));
    }
    return toState(rows[0]);
  }

  recordPrimaryFailure(failureThreshold: number, durationMinutes: number): Promise<StoredFallbackState> {
    return this.one(SQL.primaryFailure, [failureThreshold, durationMinutes]);
  }

  recordFallbackFailure(): Promise<StoredFallbackState> {
    return this.one(SQL.fallbackFailure);
  }

  recordPrimarySuccess(): Promise<StoredFallbackState> {
    return this.one(SQL.primarySuccess);
  }

  recordRecoveryResult(success: boolean, durationMinutes: number): Promise<StoredFallbackState> {
    return success ? this.one(SQL.recoverySuccess) : this.one(SQL.recoveryFailure, [durationMinutes]);
  }

  setOverride(enabled: boolean | null): Promise<StoredFallbackState> {
    return this.one(SQL.setOverride, [enabled]);
  }

  reset(): Promise<StoredFallbackState> {
    return this.one(SQL.reset);
  }

  /**
   * Runs `fn` only if no other instance holds the recovery lock (a session-level
   * pg_try_advisory_lock on a dedicated connection; no transaction stays open during the model
   * call). Returns undefined when another instance holds it.
   */
  async withRecoveryLock<T>(fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const runner = this.repo.manager.connection.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock($1::bigint) AS locked`, [RECOVERY_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1::bigint)`, [RECOVERY_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }
}
