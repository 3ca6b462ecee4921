import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10: billing's own tables (ADR 0016).
 * - billing_checkout_session: every checkout we opened (Stripe or local, D27/D30), what it sells,
 *   and whether it has been fulfilled; a pack's PaymentIntent finds its purchase for refunds (D29).
 * - billing_subscription: the account's subscription as last reported by the provider, with the
 *   tier in effect and a downgrade waiting for the next renewal (D28). One live row per account.
 * - billing_invoice: invoices as the provider reported them, so the billing card reads them
 *   without a provider call and still answers when the provider is down.
 * The user's stripe_customer_id / stripe_subscription_id / subscription_status columns (billing's
 * since ADR 0012) already exist.
 */
export class BillingTables1795422183837 implements MigrationInterface {
  name = 'BillingTables1795422183837';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing_checkout_session" (
        "id" varchar(255) PRIMARY KEY,
        "provider" varchar(10) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "kind" varchar(20) NOT NULL,
        "item" varchar(20) NOT NULL,
        "credits" integer NOT NULL,
        "amount_cents" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "url" text NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'open',
        "payment_intent_id" varchar(255),
        "subscription_id" varchar(255),
        "card_brand" varchar(30),
        "card_last4" char(4),
        "card_exp_month" smallint,
        "card_exp_year" smallint,
        "fulfilled_at" timestamptz,
        "refunded_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz,
        CONSTRAINT "billing_checkout_session_provider_check" CHECK ("provider" IN ('stripe', 'local')),
        CONSTRAINT "billing_checkout_session_kind_check" CHECK ("kind" IN ('pack', 'subscription')),
        CONSTRAINT "billing_checkout_session_status_check" CHECK ("status" IN ('open', 'complete', 'expired')),
        CONSTRAINT "billing_checkout_session_amount_check" CHECK ("amount_cents" > 0 AND "credits" > 0)
      )`);
    await q.query(`CREATE INDEX "billing_checkout_session_user_idx" ON "billing_checkout_session" ("user_id", "created_at" DESC)`);
    await q.query(
      `CREATE UNIQUE INDEX "billing_checkout_session_payment_intent_key" ON "billing_checkout_session" ("payment_intent_id")
       WHERE "payment_intent_id" IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE "billing_subscription" (
        "id" varchar(255) PRIMARY KEY,
        "provider" varchar(10) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "customer_id" varchar(255) NOT NULL,
        "tier" varchar(20) NOT NULL,
        "pending_tier" varchar(20),
        "status" varchar(20) NOT NULL,
        "amount_cents" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "interval" varchar(10) NOT NULL DEFAULT 'month',
        "current_period_start" timestamptz NOT NULL,
        "current_period_end" timestamptz NOT NULL,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "ended_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "billing_subscription_provider_check" CHECK ("provider" IN ('stripe', 'local')),
        CONSTRAINT "billing_subscription_tier_check" CHECK ("tier" IN ('starter', 'creator', 'pro')),
        CONSTRAINT "billing_subscription_pending_tier_check" CHECK ("pending_tier" IS NULL OR "pending_tier" IN ('starter', 'creator', 'pro'))
      )`);
    // D28: one subscription per account: at most one row that has not ended.
    await q.query(`CREATE UNIQUE INDEX "billing_subscription_live_user_key" ON "billing_subscription" ("user_id") WHERE "ended_at" IS NULL`);
    // The local renewal job's scan (D30).
    await q.query(
      `CREATE INDEX "billing_subscription_due_idx" ON "billing_subscription" ("current_period_end") WHERE "ended_at" IS NULL AND "provider" = 'local'`,
    );

    await q.query(`
      CREATE TABLE "billing_invoice" (
        "id" varchar(255) PRIMARY KEY,
        "provider" varchar(10) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "subscription_id" varchar(255),
        "status" varchar(20) NOT NULL,
        "billing_reason" varchar(40),
        "amount_paid" integer NOT NULL,
        "amount_due" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "period_start" timestamptz NOT NULL,
        "period_end" timestamptz NOT NULL,
        "hosted_invoice_url" text,
        "created_at" timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX "billing_invoice_user_idx" ON "billing_invoice" ("user_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing_invoice"`);
    await q.query(`DROP TABLE "billing_subscription"`);
    await q.query(`DROP TABLE "billing_checkout_session"`);
  }
}
