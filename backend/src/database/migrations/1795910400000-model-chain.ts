import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, D41 (ADR 0030): the model chain, the generation context's tables.
 * - `model_fallback_state` (the one row every instance shares, D11) keeps the chain-wide admin
 *   settings: `admin_override` (001's fallback override) and the new `chain_order`, the admin's
 *   order of the model ids (null: MODEL_CHAIN's order). Its per-model columns move to
 *   `model_health`, one row per model, so D11's rule applies to every model of the chain.
 * - `model_health`: consecutive transient failures, the skip window (`skipped` / `skipped_until`),
 *   the last failure and recovery test, and whether the admin disabled the model. Rows are made
 *   at start for the configured models; a model dropped from MODEL_CHAIN keeps its row.
 * - `model_attempt`: every call of a model (generation, admin test, recovery test): outcome,
 *   latency and cost in micro-dollars (integers, exact sums). `image_id` has no foreign key on
 *   purpose: the spend stays in the accounts after the image is purged or its owner deleted.
 */
export class ModelChain1795910400000 implements MigrationInterface {
  name = 'ModelChain1795910400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS "model_health" (
        "model" varchar(100) PRIMARY KEY,
        "disabled" boolean NOT NULL DEFAULT false,
        "skipped" boolean NOT NULL DEFAULT false,
        "failure_count" integer NOT NULL DEFAULT 0,
        "skipped_until" timestamptz,
        "last_failure_time" timestamptz,
        "last_recovery_check" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "model_health_failure_count_check" CHECK ("failure_count" >= 0)
      )`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS "model_attempt" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "image_id" uuid,
        "model" varchar(100) NOT NULL,
        "purpose" varchar(20) NOT NULL,
        "outcome" varchar(20) NOT NULL,
        "latency_ms" integer NOT NULL,
        "cost_micros" bigint NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "model_attempt_purpose_check" CHECK ("purpose" IN ('generation', 'test', 'recovery')),
        CONSTRAINT "model_attempt_outcome_check" CHECK ("outcome" IN ('succeeded', 'failed', 'refused', 'unsupported', 'aborted')),
        CONSTRAINT "model_attempt_latency_check" CHECK ("latency_ms" >= 0),
        CONSTRAINT "model_attempt_cost_check" CHECK ("cost_micros" >= 0)
      )`);
    // Reliability per model over 24 h / 7 d, spend per day: both read by time, the first per model.
    await q.query(`CREATE INDEX IF NOT EXISTS "model_attempt_model_created_idx" ON "model_attempt" ("model", "created_at")`);
    await q.query(`CREATE INDEX IF NOT EXISTS "model_attempt_created_idx" ON "model_attempt" ("created_at")`);
    await q.query(`CREATE INDEX IF NOT EXISTS "model_attempt_image_idx" ON "model_attempt" ("image_id") WHERE "image_id" IS NOT NULL`);
    await q.query(`ALTER TABLE "model_fallback_state" ADD COLUMN IF NOT EXISTS "chain_order" varchar(100)[]`);
    await q.query(`
      ALTER TABLE "model_fallback_state"
        DROP COLUMN IF EXISTS "is_active",
        DROP COLUMN IF EXISTS "failure_count",
        DROP COLUMN IF EXISTS "retry_after",
        DROP COLUMN IF EXISTS "last_failure_time",
        DROP COLUMN IF EXISTS "last_recovery_check"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "model_fallback_state"
        DROP COLUMN IF EXISTS "chain_order",
        ADD COLUMN IF NOT EXISTS "is_active" boolean NOT NULL DEFAULT false,
        ADD COLUMN IF NOT EXISTS "failure_count" integer NOT NULL DEFAULT 0 CONSTRAINT "model_fallback_state_failure_count_check" CHECK ("failure_count" >= 0),
        ADD COLUMN IF NOT EXISTS "retry_after" timestamptz,
        ADD COLUMN IF NOT EXISTS "last_failure_time" timestamptz,
        ADD COLUMN IF NOT EXISTS "last_recovery_check" timestamptz`);
    await q.query(`DROP TABLE IF EXISTS "model_attempt"`);
    await q.query(`DROP TABLE IF EXISTS "model_health"`);
  }
}
