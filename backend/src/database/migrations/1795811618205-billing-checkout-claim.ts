import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24: who is opening a checkout (or changing a plan) right now, per account. Before this the
 * subscribe path held a transaction and a pooled connection across its calls to the payment
 * provider, waiting for a per-user advisory lock, so one user's concurrent clicks could take the
 * whole pool. Now a request claims the account here with one short statement (the claim expires
 * by itself after a crash), calls the provider with no transaction open, and deletes its claim.
 * Billing's table (ADR 0012); the row goes with the user.
 *
 * Also a partial index for the job that fulfils local checkouts paid but never fulfilled (a crash
 * between the two steps): it reads only those rows, however many checkouts there are.
 */
export class BillingCheckoutClaim1795811618205 implements MigrationInterface {
  name = 'BillingCheckoutClaim1795811618205';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS "billing_checkout_claim" (
        "user_id" uuid PRIMARY KEY REFERENCES "user" ("id") ON DELETE CASCADE,
        "token" uuid NOT NULL,
        "expires_at" timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE INDEX IF NOT EXISTS "billing_checkout_session_unfulfilled_idx" ON "billing_checkout_session" ("completed_at")
        WHERE "status" = 'complete' AND "fulfilled_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "billing_checkout_session_unfulfilled_idx"`);
    await q.query(`DROP TABLE IF EXISTS "billing_checkout_claim"`);
  }
}
