import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { returnedRows } from '../../../../../shared/pg/returned-rows';
import type { ModelHealth } from '../../../domain/model-chain';
import { ModelFallbackStateOrmEntity } from './model-fallback-state.orm-entity';

/** The chain as read, with the database's clock at that moment (every instance compares times against one clock). */
export interface StoredChain {
  adminOverride: boolean | null;
  /** The admin's order (null: MODEL_CHAIN's). */
  chainOrder: string[] | null;
  /** Every model's health row, by model id. */
  health: Map<string, ModelHealth>;
  now: Date;
}

export type AttemptPurpose = 'generation' | 'test' | 'recovery';
export type AttemptOutcome = 'succeeded' | 'failed' | 'refused' | 'unsupported' | 'aborted';

export interface AttemptRecord {
  imageId: string | null;
  model: string;
  purpose: AttemptPurpose;
  outcome: AttemptOutcome;
  latencyMs: number;
  costMicros: number;
}

export interface ReliabilityFigures {
  attempts: number;
  /** Calls that did not fail (a refusal is the model answering). */
  answered: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface SpendRow {
  date: string;
  model: string;
  /** Successful generations (an image made). */
  generations: number;
  spendMicros: number;
}

interface HealthRow {
  model: string;
  disabled: boolean;
  skipped: boolean;
  failure_count: number;
  skipped_until: Date | string | null;
  last_failure_time: Date | string | null;
  last_recovery_check: Date | string | null;
}

const HEALTH_COLUMNS = 'model, disabled, skipped, failure_count, skipped_until, last_failure_time, last_recovery_check';

// Each write is ONE statement on one row, so instances racing each other count correctly
// (PostgreSQL serialises the row update; the right-hand sides read the row's current values).
// They perform exactly the transitions of domain/model-chain.ts (applyHealthEvent).
const SQL = {
  read: `
    SELECT s.admin_override, s.chain_order, now() AS db_now,
           COALESCE((SELECT json_agg(h) FROM (SELECT ${HEALTH_COLUMNS} FROM model_health) h), '[]'::json) AS health
      FROM model_fallback_state s WHERE s.id = 1`,
  ensureSettings: `INSERT INTO model_fallback_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  ensureModels: `INSERT INTO model_health (model) SELECT unnest($1::varchar[]) ON CONFLICT (model) DO NOTHING`,
  failure: `
    UPDATE model_health SET
           failure_count = failure_count + 1,
           last_failure_time = now(),
           skipped = CASE WHEN failure_count + 1 >= $2 THEN true ELSE skipped END,
           skipped_until = CASE WHEN failure_count + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE skipped_until END,
           updated_at = now()
     WHERE model = $1
    RETURNING ${HEALTH_COLUMNS}`,
  // Only writes when something changes: a success is the hot path of every generation.
  success: `
    UPDATE model_health SET failure_count = 0, skipped = false, skipped_until = NULL, updated_at = now()
     WHERE model = $1 AND (failure_count <> 0 OR skipped OR skipped_until IS NOT NULL)`,
  recoverySuccess: `
    UPDATE model_health SET skipped = false, failure_count = 0, skipped_until = NULL, last_recovery_check = now(), updated_at = now()
     WHERE model = $1`,
  recoveryFailure: `
    UPDATE model_health SET last_recovery_check = now(), last_failure_time = now(),
           skipped_until = now() + make_interval(mins => $2), updated_at = now()
     WHERE model = $1`,
  reset: `UPDATE model_health SET skipped = false, failure_count = 0, skipped_until = NULL, updated_at = now() WHERE model = ANY($1::varchar[])`,
  setDisabled: `UPDATE model_health SET disabled = $2, updated_at = now() WHERE model = $1`,
  setOverride: `UPDATE model_fallback_state SET admin_override = $1, updated_at = now() WHERE id = 1`,
  setOrder: `UPDATE model_fallback_state SET chain_order = $1::varchar[], updated_at = now() WHERE id = 1`,
  attempt: `
    INSERT INTO model_attempt (image_id, model, purpose, outcome, latency_ms, cost_micros)
    VALUES ($1, $2, $3, $4, $5, $6)`,
  // Reliability over a window: answered = not a transient failure; latency of the calls that answered.
  reliability: `
    SELECT model,
           count(*)::int AS attempts,
           count(*) FILTER (WHERE outcome <> 'failed')::int AS answered,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE outcome = 'succeeded') AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE outcome = 'succeeded') AS p95
      FROM model_attempt
     WHERE model = ANY($1::varchar[]) AND created_at > now() - make_interval(hours => $2) AND outcome <> 'aborted'
     GROUP BY model`,
  spend: `
    SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS date, model,
           count(*) FILTER (WHERE outcome = 'succeeded' AND purpose = 'generation')::int AS generations,
           sum(cost_micros)::bigint AS spend
      FROM model_attempt
     WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => $1 - 1)
     GROUP BY 1, 2
     ORDER BY 1, 2`,
  attemptsOf: `SELECT model, purpose, outcome, latency_ms, cost_micros FROM model_attempt WHERE image_id = $1 ORDER BY id`,
};

/** Any lock id unique to this job; pg_try_advisory_lock(bigint). */
const RECOVERY_LOCK_KEY = '7301946112020011';

function toDate(v: Date | string | null): Date | null {
  return v === null ? null : v instanceof Date ? v : new Date(v);
}

function toHealth(row: HealthRow): ModelHealth {
  return {
    model: row.model,
    disabled: row.disabled,
    skipped: row.skipped,
    failureCount: Number(row.failure_count),
    skippedUntil: toDate(row.skipped_until),
    lastFailureTime: toDate(row.last_failure_time),
    lastRecoveryCheck: toDate(row.last_recovery_check),
  };
}

/** D11/D41: the chain's shared state and the record of every model call, with intent-named, single-statement methods. */
@Injectable()
export class TypeormModelChainRepository {
  constructor(@InjectRepository(ModelFallbackStateOrmEntity) private readonly repo: Repository<ModelFallbackStateOrmEntity>) {}

  /** Health rows for these models (at start: MODEL_CHAIN's models, healthy and enabled). */
  async ensureModels(models: readonly string[]): Promise<void> {
    await this.repo.query(SQL.ensureSettings);
    await this.repo.query(SQL.ensureModels, [models]);
  }

  async read(): Promise<StoredChain> {
    let rows = (await this.repo.query(SQL.read)) as Array<{ admin_override: boolean | null; chain_order: string[] | null; db_now: Date | string; health: HealthRow[] }>;
    if (rows.length === 0) {
      // The migration inserts the row; put it back if someone removed it.
      await this.repo.query(SQL.ensureSettings);
      rows = await this.repo.query(SQL.read);
    }
    const [row] = rows;
    return {
      adminOverride: row.admin_override,
      chainOrder: row.chain_order,
      health: new Map(row.health.map((h) => [h.model, toHealth(h)])),
      now: toDate(row.db_now)!,
    };
  }

  /** The model's health after the failure (null: it has no row). */
  async recordFailure(model: string, failureThreshold: number, durationMinutes: number): Promise<ModelHealth | null> {
    const [row] = returnedRows<HealthRow>(await this.repo.query(SQL.failure, [model, failureThreshold, durationMinutes]));
    return row ? toHealth(row) : null;
  }

  async recordSuccess(model: string): Promise<void> {
    await this.repo.query(SQL.success, [model]);
  }

  async recordRecoveryResult(model: string, success: boolean, durationMinutes: number): Promise<void> {
    if (success) await this.repo.query(SQL.recoverySuccess, [model]);
    else await this.repo.query(SQL.recoveryFailure, [model, durationMinutes]);
  }

  async reset(models: readonly string[]): Promise<void> {
    await this.repo.query(SQL.reset, [models]);
  }

  async setDisabled(model: string, disabled: boolean): Promise<void> {
    await this.repo.query(SQL.setDisabled, [model, disabled]);
  }

  async setOverride(enabled: boolean | null): Promise<void> {
    await this.repo.query(SQL.setOverride, [enabled]);
  }

  async setOrder(order: readonly string[]): Promise<void> {
    await this.repo.query(SQL.setOrder, [order]);
  }

  async recordAttempt(attempt: AttemptRecord): Promise<void> {
    await this.repo.query(SQL.attempt, [attempt.imageId, attempt.model, attempt.purpose, attempt.outcome, attempt.latencyMs, attempt.costMicros]);
  }

  /** The attempts made for one image, oldest first. */
  async attemptsOf(imageId: string): Promise<Array<Omit<AttemptRecord, 'imageId'>>> {
    const rows = (await this.repo.query(SQL.attemptsOf, [imageId])) as Array<{ model: string; purpose: AttemptPurpose; outcome: AttemptOutcome; latency_ms: number; cost_micros: string }>;
    return rows.map((r) => ({ model: r.model, purpose: r.purpose, outcome: r.outcome, latencyMs: r.latency_ms, costMicros: Number(r.cost_micros) }));
  }

  /** Per model over the last `hours`. */
  async reliability(models: readonly string[], hours: number): Promise<Map<string, ReliabilityFigures>> {
    const rows = (await this.repo.query(SQL.reliability, [models, hours])) as Array<{ model: string; attempts: number; answered: number; p50: number | null; p95: number | null }>;
    return new Map(
      rows.map((r) => [
        r.model,
        { attempts: r.attempts, answered: r.answered, p50Ms: r.p50 === null ? null : Math.round(r.p50), p95Ms: r.p95 === null ? null : Math.round(r.p95) },
      ]),
    );
  }

  /** Spend and generations per UTC day and model, the last `days` days (today included). */
  async spend(days: number): Promise<SpendRow[]> {
    const rows = (await this.repo.query(SQL.spend, [days])) as Array<{ date: string; model: string; generations: number; spend: string }>;
    return rows.map((r) => ({ date: r.date, model: r.model, generations: r.generations, spendMicros: Number(r.spend) }));
  }

  /**
   * Runs `fn` only if no other instance holds the recovery lock (a session-level
   * pg_try_advisory_lock on a dedicated connection; no transaction stays open during the model
   * call).
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
