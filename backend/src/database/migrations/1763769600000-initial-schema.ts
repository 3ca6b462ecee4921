import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole stored-entity catalogue of spec 001 §3, plus the tables the decisions need.
 * Column names are snake_case (ADR 0005); the spec's camelCase fields map onto them.
 * Valid on PostgreSQL 15 (CI) and 18 (embedded): gen_random_uuid() is core since 13.
 */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(q: QueryRunner): Promise<void> {
    // ---- identity ------------------------------------------------------------------------
    await q.query(`
      CREATE TABLE "user" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(255) NOT NULL,
        "email" varchar(255) NOT NULL,
        "password" varchar(255) NOT NULL,
        "first_name" varchar(255),
        "last_name" varchar(255),
        "profile_image_url" varchar(2048),
        "stripe_customer_id" varchar(255),
        "stripe_subscription_id" varchar(255),
        "is_subscribed" boolean NOT NULL DEFAULT false,
        "subscription_tier" varchar(20) NOT NULL DEFAULT 'free',
        "subscription_status" varchar(20) NOT NULL DEFAULT 'inactive',
        "monthly_generations" integer NOT NULL DEFAULT 0,
        "generation_limit" integer NOT NULL DEFAULT 2,
        "last_reset_date" timestamptz,
        "is_suspended" boolean NOT NULL DEFAULT false,
        "email_verified" boolean NOT NULL DEFAULT false,
        "email_verification_token" varchar(64),
        "email_verification_expires_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "user_subscription_tier_check"
          CHECK ("subscription_tier" IN ('free', 'paid', 'starter', 'creator', 'pro')),
        CONSTRAINT "user_monthly_generations_check" CHECK ("monthly_generations" >= 0),
        CONSTRAINT "user_generation_limit_check" CHECK ("generation_limit" >= 0)
      )`);
    // Unique as the spec says, and case-insensitively so "Ann@x.com" cannot shadow "ann@x.com".
    await q.query(`CREATE UNIQUE INDEX "user_email_key" ON "user" (lower("email"))`);
    await q.query(`CREATE UNIQUE INDEX "user_username_key" ON "user" (lower("username"))`);
    await q.query(`CREATE UNIQUE INDEX "user_stripe_customer_id_key" ON "user" ("stripe_customer_id")`);
    await q.query(`CREATE UNIQUE INDEX "user_stripe_subscription_id_key" ON "user" ("stripe_subscription_id")`);
    // The verification token is stored hashed (sha-256 hex, 64 chars) and looked up by that hash.
    await q.query(
      `CREATE UNIQUE INDEX "user_email_verification_token_key" ON "user" ("email_verification_token")
       WHERE "email_verification_token" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "user_created_at_idx" ON "user" ("created_at" DESC)`);

    // connect-pg-simple's own schema (D18); the spec's `session` entity.
    await q.query(`
      CREATE TABLE "session" (
        "sid" varchar NOT NULL COLLATE "default" PRIMARY KEY,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);

    await q.query(`
      CREATE TABLE "ip_registration" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "ip_address" varchar(45) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "is_whitelisted" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // D19: "at most 3 accounts per IP per 24 h" counts by address over a time window.
    await q.query(`CREATE INDEX "ip_registration_ip_created_idx" ON "ip_registration" ("ip_address", "created_at")`);
    await q.query(`CREATE INDEX "ip_registration_user_idx" ON "ip_registration" ("user_id")`);

    await q.query(`
      CREATE TABLE "device_fingerprint" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "fingerprint_hash" varchar(64) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "is_flagged" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "device_fingerprint_fingerprint_hash_key" UNIQUE ("fingerprint_hash"),
        CONSTRAINT "device_fingerprint_hash_format_check" CHECK ("fingerprint_hash" ~ '^[0-9a-f]{64}$')
      )`);
    await q.query(`CREATE INDEX "device_fingerprint_user_idx" ON "device_fingerprint" ("user_id")`);

    // D19: counters shared by every instance. One row per (address, kind, subject) so the
    // increment is a single atomic upsert; `identifier` is the e-mail for login attempts.
    await q.query(`
      CREATE TABLE "rate_limit_attempt" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "ip_address" varchar(45) NOT NULL,
        "attempt_type" varchar(20) NOT NULL,
        "identifier" varchar(255) NOT NULL DEFAULT '',
        "attempt_count" integer NOT NULL DEFAULT 1,
        "window_start" timestamptz NOT NULL DEFAULT now(),
        "last_attempt" timestamptz NOT NULL DEFAULT now(),
        "is_blocked" boolean NOT NULL DEFAULT false,
        "blocked_until" timestamptz,
        CONSTRAINT "rate_limit_attempt_subject_key" UNIQUE ("ip_address", "attempt_type", "identifier"),
        CONSTRAINT "rate_limit_attempt_count_check" CHECK ("attempt_count" >= 0)
      )`);
    await q.query(`CREATE INDEX "rate_limit_attempt_last_attempt_idx" ON "rate_limit_attempt" ("last_attempt")`);

    await q.query(`
      CREATE TABLE "admin_whitelist" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "type" varchar(20) NOT NULL,
        "value" varchar(255) NOT NULL,
        "reason" text,
        "is_active" boolean NOT NULL DEFAULT true,
        "created_by" uuid REFERENCES "user" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "admin_whitelist_type_check" CHECK ("type" IN ('ip', 'email', 'fingerprint')),
        CONSTRAINT "admin_whitelist_type_value_key" UNIQUE ("type", "value")
      )`);

    // Video waitlist (sign-up dialog in video mode, spec 000 §2).
    await q.query(`
      CREATE TABLE "video_waitlist" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "email" varchar(255) NOT NULL,
        "username" varchar(255),
        "first_name" varchar(255),
        "last_name" varchar(255),
        "user_id" uuid REFERENCES "user" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "video_waitlist_email_key" ON "video_waitlist" (lower("email"))`);

    // ---- generation ----------------------------------------------------------------------
    await q.query(`
      CREATE TABLE "image" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "original_filename" varchar(255),
        "original_path" varchar(255),
        "generated_path" varchar(255),
        "original_image_data" bytea,
        "generated_image_data" bytea,
        "original_mime_type" varchar(50),
        "generated_mime_type" varchar(50),
        "prompt" text NOT NULL,
        "style" varchar(20) NOT NULL DEFAULT 'funny',
        "status" varchar(20) NOT NULL DEFAULT 'processing',
        "timestamp" timestamptz NOT NULL DEFAULT now(),
        "is_public" boolean NOT NULL DEFAULT true,
        "is_hidden_by_admin" boolean NOT NULL DEFAULT false,
        "is_watermarked" boolean NOT NULL DEFAULT false,
        "model" varchar(100),
        "laugh_count" integer NOT NULL DEFAULT 0,
        "is_saved" boolean NOT NULL DEFAULT false,
        "is_favorite" boolean NOT NULL DEFAULT false,
        "is_leaderboard" boolean NOT NULL DEFAULT false,
        "expires_at" timestamptz,
        "saved_at" timestamptz,
        "favorited_at" timestamptz,
        CONSTRAINT "image_status_check" CHECK ("status" IN ('processing', 'completed', 'failed')),
        CONSTRAINT "image_laugh_count_check" CHECK ("laugh_count" >= 0),
        CONSTRAINT "image_prompt_length_check" CHECK (char_length("prompt") BETWEEN 1 AND 2000)
      )`);
    // Recent feed (D16): public, completed, visible images, newest first.
    await q.query(
      `CREATE INDEX "image_recent_feed_idx" ON "image" ("timestamp" DESC, "id")
       WHERE "is_public" AND NOT "is_hidden_by_admin" AND "status" = 'completed'`,
    );
    // Leaderboard (D16): at least one laugh, most laughs first, then newest.
    await q.query(
      `CREATE INDEX "image_leaderboard_idx" ON "image" ("laugh_count" DESC, "timestamp" DESC, "id")
       WHERE "is_public" AND NOT "is_hidden_by_admin" AND "status" = 'completed' AND "laugh_count" > 0`,
    );
    await q.query(`CREATE INDEX "image_user_timestamp_idx" ON "image" ("user_id", "timestamp" DESC)`);
    // My Edits list and the D23 retention job.
    await q.query(`CREATE INDEX "image_saved_idx" ON "image" ("user_id", "saved_at" DESC) WHERE "is_saved"`);
    await q.query(`CREATE INDEX "image_expires_at_idx" ON "image" ("expires_at") WHERE "is_saved"`);
    await q.query(`CREATE INDEX "image_processing_idx" ON "image" ("timestamp") WHERE "status" = 'processing'`);

    // D11: one row, shared by every instance.
    await q.query(`
      CREATE TABLE "model_fallback_state" (
        "id" smallint PRIMARY KEY DEFAULT 1,
        "is_active" boolean NOT NULL DEFAULT false,
        "admin_override" boolean,
        "failure_count" integer NOT NULL DEFAULT 0,
        "retry_after" timestamptz,
        "last_failure_time" timestamptz,
        "last_recovery_check" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "model_fallback_state_singleton_check" CHECK ("id" = 1),
        CONSTRAINT "model_fallback_state_failure_count_check" CHECK ("failure_count" >= 0)
      )`);
    await q.query(`INSERT INTO "model_fallback_state" ("id") VALUES (1)`);

    // ---- community -----------------------------------------------------------------------
    await q.query(`
      CREATE TABLE "laugh" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "image_id" uuid NOT NULL REFERENCES "image" ("id") ON DELETE CASCADE,
        "user_identifier" varchar(128) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "laugh_image_user_identifier_key" UNIQUE ("image_id", "user_identifier")
      )`);

    // ---- credits (the ledger, D2-D5) -------------------------------------------------------
    await q.query(`
      CREATE TABLE "credit_transaction" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "type" varchar(20) NOT NULL,
        "credit_kind" varchar(20) NOT NULL DEFAULT 'regular',
        "credits" integer NOT NULL,
        "description" text,
        "source_type" varchar(20),
        "group_id" uuid,
        "expires_at" timestamptz,
        "stripe_transaction_id" varchar(255),
        "purchase_amount" integer,
        "currency" char(3) NOT NULL DEFAULT 'USD',
        "pack_type" varchar(20),
        "image_id" uuid REFERENCES "image" ("id") ON DELETE SET NULL,
        "created_by" uuid REFERENCES "user" ("id") ON DELETE SET NULL,
        "idempotency_key" varchar(255),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "credit_transaction_credit_kind_check" CHECK ("credit_kind" IN ('regular', 'watermarked')),
        CONSTRAINT "credit_transaction_purchase_amount_check" CHECK ("purchase_amount" IS NULL OR "purchase_amount" >= 0)
      )`);
    // D5: a retried or replayed cause writes nothing twice.
    await q.query(
      `CREATE UNIQUE INDEX "credit_transaction_idempotency_key" ON "credit_transaction" ("idempotency_key")
       WHERE "idempotency_key" IS NOT NULL`,
    );
    // Balance = sum of a user's unexpired rows (D3).
    await q.query(
      `CREATE INDEX "credit_transaction_balance_idx" ON "credit_transaction" ("user_id", "credit_kind", "expires_at")
       INCLUDE ("credits")`,
    );
    await q.query(`CREATE INDEX "credit_transaction_user_created_idx" ON "credit_transaction" ("user_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "credit_transaction_created_idx" ON "credit_transaction" ("created_at" DESC)`);
    await q.query(`CREATE INDEX "credit_transaction_group_idx" ON "credit_transaction" ("group_id") WHERE "group_id" IS NOT NULL`);

    // D4: a credit held for a generation in flight; captured into a `use` row or released.
    await q.query(`
      CREATE TABLE "credit_reservation" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "image_id" uuid REFERENCES "image" ("id") ON DELETE SET NULL,
        "credit_kind" varchar(20) NOT NULL,
        "credits" integer NOT NULL DEFAULT 1,
        "group_id" uuid,
        "expires_at" timestamptz,
        "status" varchar(20) NOT NULL DEFAULT 'active',
        "idempotency_key" varchar(255),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "settled_at" timestamptz,
        CONSTRAINT "credit_reservation_status_check" CHECK ("status" IN ('active', 'captured', 'released')),
        CONSTRAINT "credit_reservation_credit_kind_check" CHECK ("credit_kind" IN ('regular', 'watermarked')),
        CONSTRAINT "credit_reservation_credits_check" CHECK ("credits" > 0)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "credit_reservation_idempotency_key" ON "credit_reservation" ("idempotency_key")
       WHERE "idempotency_key" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "credit_reservation_active_user_idx" ON "credit_reservation" ("user_id") WHERE "status" = 'active'`);
    await q.query(`CREATE INDEX "credit_reservation_active_age_idx" ON "credit_reservation" ("created_at") WHERE "status" = 'active'`);

    // ---- billing ---------------------------------------------------------------------------
    // D5: a Stripe event is fulfilled once, whatever the number of deliveries.
    await q.query(`
      CREATE TABLE "processed_payment_event" (
        "event_id" varchar(255) PRIMARY KEY,
        "type" varchar(100) NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);

    // ---- support ---------------------------------------------------------------------------
    await q.query(`
      CREATE TABLE "contact_message" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "name" varchar(255) NOT NULL,
        "email" varchar(255) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "message" text NOT NULL,
        "user_id" uuid REFERENCES "user" ("id") ON DELETE SET NULL,
        "ip_address" varchar(45),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "contact_message_message_length_check" CHECK (char_length("message") BETWEEN 1 AND 5000)
      )`);
    await q.query(`CREATE INDEX "contact_message_created_idx" ON "contact_message" ("created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'contact_message',
      'processed_payment_event',
      'credit_reservation',
      'credit_transaction',
      'laugh',
      'model_fallback_state',
      'image',
      'video_waitlist',
      'admin_whitelist',
      'rate_limit_attempt',
      'device_fingerprint',
      'ip_registration',
      'session',
      'user',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
