import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { KeyedQueue } from '../../../../shared/concurrency/keyed-queue';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import type { CheckoutItem, InvoiceSnapshot, ProviderName, SubscriptionSnapshot, SubscriptionStatus } from '../../application/payment-gateway.port';
import { isPackId } from '../../domain/catalogue';
import { type Entitlement, isPlanTier, type PlanTier } from '../../domain/entitlement';

/**
 * Billing's SQL (ADR 0016): its own tables (billing_checkout_session, billing_subscription,
 * billing_invoice, processed_payment_event) and the payment and entitlement columns of `user`
 * (ADR 0012). Every statement is parameterised; every write is conditional or an upsert, so a
 * replayed event or a second instance doing the same work changes nothing.
 */

export interface StoredCheckout {
  id: string;
  provider: ProviderName;
  userId: string;
  item: CheckoutItem;
  credits: number;
  amountCents: number;
  currency: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentIntentId: string | null;
  subscriptionId: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  fulfilledAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface StoredSubscription {
  id: string;
  provider: ProviderName;
  userId: string;
  customerId: string;
  tier: PlanTier;
  pendingTier: PlanTier | null;
  status: SubscriptionStatus;
  amountCents: number;
  currency: string;
  interval: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

export interface StoredInvoice {
  id: string;
  status: string;
  amountPaid: number;
  currency: string;
  createdAt: Date;
  hostedInvoiceUrl: string | null;
}

export interface PackPurchaseRow {
  id: string;
  pack: string;
  credits: number;
  amountCents: number;
  currency: string;
  completedAt: Date;
  card: StoredCheckout['card'];
}

interface CheckoutRow {
  id: string;
  provider: ProviderName;
  user_id: string;
  kind: 'pack' | 'subscription';
  item: string;
  credits: number;
  amount_cents: number;
  currency: string;
  url: string;
  status: StoredCheckout['status'];
  payment_intent_id: string | null;
  subscription_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  fulfilled_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
}

interface SubscriptionRow {
  id: string;
  provider: ProviderName;
  user_id: string;
  customer_id: string;
  tier: string;
  pending_tier: string | null;
  status: SubscriptionStatus;
  amount_cents: number;
  currency: string;
  interval: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  ended_at: Date | null;
}

function cardOf(r: Pick<CheckoutRow, 'card_brand' | 'card_last4' | 'card_exp_month' | 'card_exp_year'>): StoredCheckout['card'] {
  return r.card_brand && r.card_last4 && r.card_exp_month && r.card_exp_year
    ? { brand: r.card_brand, last4: r.card_last4, expMonth: Number(r.card_exp_month), expYear: Number(r.card_exp_year) }
    : null;
}

function itemOf(kind: string, item: string): CheckoutItem {
  if (kind === 'pack' && isPackId(item)) return { kind: 'pack', pack: item };
  if (kind === 'subscription' && isPlanTier(item)) return { kind: 'subscription', tier: item };
  throw new Error(`billing_checkout_session holds an unknown item ${kind}/${item}`);
}

function toCheckout(r: CheckoutRow): StoredCheckout {
  return {
    id: r.id,
    provider: r.provider,
    userId: r.user_id,
    item: itemOf(r.kind, r.item),
    credits: Number(r.credits),
    amountCents: Number(r.amount_cents),
    currency: r.currency.trim().toLowerCase(),
    url: r.url,
    status: r.status,
    paymentIntentId: r.payment_intent_id,
    subscriptionId: r.subscription_id,
    card: cardOf(r),
    fulfilledAt: r.fulfilled_at,
    refundedAt: r.refunded_at,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  };
}

function toSubscription(r: SubscriptionRow): StoredSubscription {
  return {
    id: r.id,
    provider: r.provider,
    userId: r.user_id,
    customerId: r.customer_id,
    tier: r.tier as PlanTier,
    pendingTier: r.pending_tier && isPlanTier(r.pending_tier) ? r.pending_tier : null,
    status: r.status,
    amountCents: Number(r.amount_cents),
    currency: r.currency.trim().toLowerCase(),
    interval: r.interval,
    currentPeriodStart: new Date(r.current_period_start),
    currentPeriodEnd: new Date(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    endedAt: r.ended_at ? new Date(r.ended_at) : null,
  };
}

const SUBSCRIPTION_COLUMNS = `id, provider, user_id, customer_id, tier, pending_tier, status, amount_cents, currency, interval,
  current_period_start, current_period_end, cancel_at_period_end, ended_at`;

/** Statuses in which the plan is still the user's (D7: cancel-at-period-end included, D29: past_due kept). */
export const ENTITLED_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/**
 * Issue 24: one account's billing transactions queue here, in memory, before they take a pooled
 * connection; PostgreSQL's per-user advisory lock then only orders them across instances.
 */
const userTransactions = new KeyedQueue();

@Injectable()
export class BillingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One billing transaction for one account (its subscription rows and entitlement columns change
   * together), serialised with every other one of that account on every instance: queued in this
   * process first, then under the account's advisory lock (a wait bounded by DB_LOCK_TIMEOUT_MS).
   * Not re-entrant: `work` must not start another userTransaction of the same account.
   */
  userTransaction<T>(userId: string, work: (tx: BillingTransaction) => Promise<T>): Promise<T> {
    return userTransactions.run(userId, () =>
      this.dataSource.transaction(async (manager) => {
        const tx = new BillingTransaction(manager);
        await tx.lockUser(userId);
        return work(tx);
      }),
    );
  }

  // ---- opening a checkout (issue 24) --------------------------------------------------------
  /**
   * Claims the right to open a checkout (or change the plan) for this account for `seconds`: a
   * short statement, no transaction held while the provider is called. null when another request
   * (on another instance) holds a claim that has not expired.
   */
  async claimCheckoutOpening(userId: string, seconds: number): Promise<string | null> {
    const token = randomUUID();
    const rows = returnedRows<{ token: string }>(
      await this.dataSource.query(
        `INSERT INTO "billing_checkout_claim" ("user_id", "token", "expires_at")
         VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT ("user_id") DO UPDATE SET "token" = EXCLUDED."token", "expires_at" = EXCLUDED."expires_at"
           WHERE "billing_checkout_claim"."expires_at" <= now()
         RETURNING "token"`,
        [userId, token, seconds],
      ),
    );
    return rows[0]?.token === token ? token : null;
  }

  async releaseCheckoutOpening(userId: string, token: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "billing_checkout_claim" WHERE "user_id" = $1 AND "token" = $2`, [userId, token]);
  }

  private get q(): BillingTransaction {
    return new BillingTransaction(this.dataSource.manager);
  }

  // ---- user columns -----------------------------------------------------------------------
  customerIdOf(userId: string): Promise<string | null> {
    return this.q.customerIdOf(userId);
  }

  /** Keeps the first customer ever stored (two concurrent checkouts race to create one). */
  async rememberCustomer(userId: string, customerId: string): Promise<string> {
    await this.dataSource.query(`UPDATE "user" SET "stripe_customer_id" = $2 WHERE "id" = $1 AND "stripe_customer_id" IS NULL`, [userId, customerId]);
    return (await this.customerIdOf(userId)) ?? customerId;
  }

  /**
   * Issue 24: the provider no longer knows `unknown`; `replacement` takes its place (only if it is
   * still the stored one). Answers the customer now stored.
   */
  async replaceCustomer(userId: string, unknown: string, replacement: string): Promise<string> {
    await this.dataSource.query(`UPDATE "user" SET "stripe_customer_id" = $3 WHERE "id" = $1 AND "stripe_customer_id" = $2`, [userId, unknown, replacement]);
    return (await this.customerIdOf(userId)) ?? replacement;
  }

  async userIdByCustomer(customerId: string): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT "id" FROM "user" WHERE "stripe_customer_id" = $1`, [customerId]);
    return rows[0]?.id ?? null;
  }

  async userExists(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "user" WHERE "id" = $1`, [userId]);
    return rows.length > 0;
  }

  // ---- checkout sessions ------------------------------------------------------------------
  async insertCheckout(c: Pick<StoredCheckout, 'id' | 'provider' | 'userId' | 'item' | 'credits' | 'amountCents' | 'currency' | 'url'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "billing_checkout_session" (id, provider, user_id, kind, item, credits, amount_cents, currency, url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [c.id, c.provider, c.userId, c.item.kind, c.item.kind === 'pack' ? c.item.pack : c.item.tier, c.credits, c.amountCents, c.currency, c.url],
    );
  }

  /** null for an id we never issued (a value longer than the column included: never sent to SQL). */
  async findCheckout(id: string): Promise<StoredCheckout | null> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 255) return null;
    const rows: CheckoutRow[] = await this.dataSource.query(`SELECT * FROM "billing_checkout_session" WHERE "id" = $1`, [id]);
    return rows[0] ? toCheckout(rows[0]) : null;
  }

  async findCheckoutByPaymentIntent(paymentIntentId: string): Promise<StoredCheckout | null> {
    const rows: CheckoutRow[] = await this.dataSource.query(`SELECT * FROM "billing_checkout_session" WHERE "payment_intent_id" = $1`, [paymentIntentId]);
    return rows[0] ? toCheckout(rows[0]) : null;
  }

  async findCheckoutBySubscription(subscriptionId: string): Promise<StoredCheckout | null> {
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT * FROM "billing_checkout_session" WHERE "subscription_id" = $1 ORDER BY "created_at" LIMIT 1`,
      [subscriptionId],
    );
    return rows[0] ? toCheckout(rows[0]) : null;
  }

  /**
   * D30: the local checkout's payment. open → complete once, with the test card and (for a plan)
   * the new subscription's id; false when it was not open (a second click, or expired).
   */
  async claimLocalCheckout(id: string, subscriptionId: string | null, card: NonNullable<StoredCheckout['card']>): Promise<boolean> {
    return (
      returnedRows<{ id: string }>(
        await this.dataSource.query(
          `UPDATE "billing_checkout_session"
              SET "status" = 'complete', "completed_at" = now(), "subscription_id" = $2,
                  "card_brand" = $3, "card_last4" = $4, "card_exp_month" = $5, "card_exp_year" = $6
            WHERE "id" = $1 AND "provider" = 'local' AND "status" = 'open'
            RETURNING "id"`,
          [id, subscriptionId, card.brand, card.last4, card.expMonth, card.expYear],
        ),
      ).length > 0
    );
  }

  /** The provider said it is complete: remember its payment ids. */
  async markCheckoutComplete(id: string, ids: { paymentIntentId: string | null; subscriptionId: string | null }): Promise<void> {
    await this.dataSource.query(
      `UPDATE "billing_checkout_session"
          SET "status" = 'complete', "completed_at" = COALESCE("completed_at", now()),
              "payment_intent_id" = COALESCE("payment_intent_id", $2), "subscription_id" = COALESCE("subscription_id", $3)
        WHERE "id" = $1`,
      [id, ids.paymentIntentId, ids.subscriptionId],
    );
  }

  /** open → expired; false when it was not open (already paid, or expired before). */
  async expireCheckout(id: string): Promise<boolean> {
    return (
      returnedRows<{ id: string }>(
        await this.dataSource.query(`UPDATE "billing_checkout_session" SET "status" = 'expired' WHERE "id" = $1 AND "status" = 'open' RETURNING "id"`, [id]),
      ).length > 0
    );
  }

  async markCheckoutFulfilled(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "billing_checkout_session" SET "fulfilled_at" = COALESCE("fulfilled_at", now()) WHERE "id" = $1`, [id]);
  }

  async markCheckoutRefunded(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "billing_checkout_session" SET "refunded_at" = COALESCE("refunded_at", now()) WHERE "id" = $1`, [id]);
  }

  /** Issue 24: local sessions paid before `paidBefore` whose fulfilment never finished (a crash in between), the oldest first. */
  async paidUnfulfilledLocalCheckouts(paidBefore: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT "id" FROM "billing_checkout_session"
        WHERE "status" = 'complete' AND "fulfilled_at" IS NULL AND "provider" = 'local' AND "completed_at" < $1
        ORDER BY "completed_at" LIMIT $2`,
      [paidBefore, limit],
    );
    return rows.map((r) => r.id);
  }

  /** D35: the user's checkouts that could still be paid. */
  async openCheckoutsOf(userId: string): Promise<StoredCheckout[]> {
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT * FROM "billing_checkout_session" WHERE "user_id" = $1 AND "status" = 'open' ORDER BY "created_at", "id"`,
      [userId],
    );
    return rows.map(toCheckout);
  }

  /** The 10 most recent completed pack purchases, and the all-time totals. */
  async packPurchases(userId: string, limit: number): Promise<{ recent: PackPurchaseRow[]; totalCredits: number; count: number }> {
    const [recent, totals] = await Promise.all([
      this.dataSource.query(
        `SELECT * FROM "billing_checkout_session"
          WHERE "user_id" = $1 AND "kind" = 'pack' AND "status" = 'complete'
          ORDER BY "completed_at" DESC, "id" DESC LIMIT $2`,
        [userId, limit],
      ) as Promise<CheckoutRow[]>,
      this.dataSource.query(
        `SELECT COALESCE(SUM("credits"), 0)::int AS credits, count(*)::int AS n
           FROM "billing_checkout_session" WHERE "user_id" = $1 AND "kind" = 'pack' AND "status" = 'complete'`,
        [userId],
      ) as Promise<Array<{ credits: number; n: number }>>,
    ]);
    return {
      recent: recent.map((r) => ({
        id: r.id,
        pack: r.item,
        credits: Number(r.credits),
        amountCents: Number(r.amount_cents),
        currency: r.currency.trim().toLowerCase(),
        completedAt: r.completed_at ?? r.created_at,
        card: cardOf(r),
      })),
      totalCredits: Number(totals[0].credits),
      count: Number(totals[0].n),
    };
  }

  /** The local test card last used by this user (D30: the billing card shows it like a Stripe card). */
  async lastLocalCard(userId: string): Promise<StoredCheckout['card']> {
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT * FROM "billing_checkout_session" WHERE "user_id" = $1 AND "card_last4" IS NOT NULL ORDER BY "completed_at" DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? cardOf(rows[0]) : null;
  }

  // ---- subscriptions ----------------------------------------------------------------------
  findSubscription(id: string): Promise<StoredSubscription | null> {
    return this.q.findSubscription(id);
  }

  /** The account's subscription that has not ended (D28: at most one). */
  liveSubscriptionOf(userId: string): Promise<StoredSubscription | null> {
    return this.q.liveSubscriptionOf(userId);
  }

  /** Every subscription the account has had, the oldest first (D35: the data export). */
  async subscriptionsOf(userId: string): Promise<Array<StoredSubscription & { createdAt: Date }>> {
    const rows: Array<SubscriptionRow & { created_at: Date }> = await this.dataSource.query(
      `SELECT ${SUBSCRIPTION_COLUMNS}, created_at FROM "billing_subscription" WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
      [userId],
    );
    return rows.map((r) => ({ ...toSubscription(r), createdAt: new Date(r.created_at) }));
  }

  /** Local subscriptions whose period has ended (D30 renewal job). */
  async dueLocalSubscriptions(now: Date, limit: number): Promise<StoredSubscription[]> {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM "billing_subscription"
        WHERE "provider" = 'local' AND "ended_at" IS NULL AND "current_period_end" <= $1
        ORDER BY "current_period_end" LIMIT $2`,
      [now, limit],
    );
    return rows.map(toSubscription);
  }

  // ---- invoices ---------------------------------------------------------------------------
  async upsertInvoice(provider: ProviderName, userId: string, inv: InvoiceSnapshot): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "billing_invoice"
         (id, provider, user_id, subscription_id, status, billing_reason, amount_paid, amount_due, currency, period_start, period_end, hosted_invoice_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         -- a paid invoice stays paid, whatever order its events arrive in
         status = CASE WHEN "billing_invoice".status = 'paid' THEN 'paid' ELSE EXCLUDED.status END,
         amount_paid = GREATEST("billing_invoice".amount_paid, EXCLUDED.amount_paid),
         hosted_invoice_url = COALESCE(EXCLUDED.hosted_invoice_url, "billing_invoice".hosted_invoice_url)`,
      [
        inv.invoiceId,
        provider,
        userId,
        inv.subscriptionId,
        inv.status,
        inv.billingReason,
        inv.amountPaid,
        inv.amountDue,
        inv.currency,
        inv.periodStart,
        inv.periodEnd,
        inv.hostedInvoiceUrl,
        inv.created,
      ],
    );
  }

  async recentInvoices(userId: string, limit: number): Promise<StoredInvoice[]> {
    const rows: Array<{ id: string; status: string; amount_paid: number; currency: string; created_at: Date; hosted_invoice_url: string | null }> =
      await this.dataSource.query(
        `SELECT id, status, amount_paid, currency, created_at, hosted_invoice_url FROM "billing_invoice"
          WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT $2`,
        [userId, limit],
      );
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      amountPaid: Number(r.amount_paid),
      currency: r.currency.trim().toLowerCase(),
      createdAt: new Date(r.created_at),
      hostedInvoiceUrl: r.hosted_invoice_url,
    }));
  }

  async findInvoice(id: string): Promise<(StoredInvoice & { userId: string; periodStart: Date; periodEnd: Date; subscriptionId: string | null }) | null> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 255) return null;
    const rows: Array<{
      id: string;
      user_id: string;
      subscription_id: string | null;
      status: string;
      amount_paid: number;
      currency: string;
      created_at: Date;
      hosted_invoice_url: string | null;
      period_start: Date;
      period_end: Date;
    }> = await this.dataSource.query(`SELECT * FROM "billing_invoice" WHERE "id" = $1`, [id]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      userId: r.user_id,
      subscriptionId: r.subscription_id,
      status: r.status,
      amountPaid: Number(r.amount_paid),
      currency: r.currency.trim().toLowerCase(),
      createdAt: new Date(r.created_at),
      hostedInvoiceUrl: r.hosted_invoice_url,
      periodStart: new Date(r.period_start),
      periodEnd: new Date(r.period_end),
    };
  }

  // ---- processed events (D5) --------------------------------------------------------------
  async eventProcessed(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "processed_payment_event" WHERE "event_id" = $1`, [eventId]);
    return rows.length > 0;
  }

  async recordEvent(eventId: string, type: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO "processed_payment_event" ("event_id", "type") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      eventId,
      type.slice(0, 100),
    ]);
  }
}

/** The statements that must share one transaction with others (subscription row + entitlement). */
export class BillingTransaction {
  constructor(private readonly manager: EntityManager) {}

  /** Serialises one account's subscription and entitlement writes (every instance), held until commit. Only through userTransaction. */
  async lockUser(userId: string): Promise<void> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing:user:' || $1, 0))`, [userId]);
  }

  async customerIdOf(userId: string): Promise<string | null> {
    const rows: { stripe_customer_id: string | null }[] = await this.manager.query(`SELECT "stripe_customer_id" FROM "user" WHERE "id" = $1`, [userId]);
    return rows[0]?.stripe_customer_id ?? null;
  }

  async entitlementOf(userId: string): Promise<Entitlement | null> {
    const rows: { subscription_tier: string; is_subscribed: boolean }[] = await this.manager.query(
      `SELECT "subscription_tier", "is_subscribed" FROM "user" WHERE "id" = $1`,
      [userId],
    );
    const r = rows[0];
    return r ? { tier: r.subscription_tier as Entitlement['tier'], isSubscribed: r.is_subscribed } : null;
  }

  /** D6: tier, isSubscribed, and the subscription columns of the user row. */
  async setEntitlement(userId: string, e: Entitlement, subscription: { id: string | null; status: string }): Promise<void> {
    await this.manager.query(
      `UPDATE "user" SET "subscription_tier" = $2, "is_subscribed" = $3, "stripe_subscription_id" = $4, "subscription_status" = $5, "updated_at" = now()
        WHERE "id" = $1`,
      [userId, e.tier, e.isSubscribed, subscription.id, subscription.status.slice(0, 20)],
    );
  }

  /** D6: free → paid; any other tier stays. */
  async markPackBuyer(userId: string): Promise<void> {
    await this.manager.query(`UPDATE "user" SET "subscription_tier" = 'paid', "updated_at" = now() WHERE "id" = $1 AND "subscription_tier" = 'free'`, [userId]);
  }

  async everBoughtPack(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM "billing_checkout_session" WHERE "user_id" = $1 AND "kind" = 'pack' AND "status" = 'complete' LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  async findSubscription(id: string): Promise<StoredSubscription | null> {
    const rows: SubscriptionRow[] = await this.manager.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM "billing_subscription" WHERE "id" = $1`, [id]);
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  async liveSubscriptionOf(userId: string): Promise<StoredSubscription | null> {
    const rows: SubscriptionRow[] = await this.manager.query(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM "billing_subscription" WHERE "user_id" = $1 AND "ended_at" IS NULL`,
      [userId],
    );
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /**
   * Creates the row, or brings it up to date. Periods only move forward (an old event arriving
   * late cannot take a period back); an ended subscription is never revived.
   */
  async upsertSubscription(
    provider: ProviderName,
    userId: string,
    s: Pick<SubscriptionSnapshot, 'subscriptionId' | 'customerId' | 'status' | 'amountCents' | 'currency' | 'interval' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
    tier: PlanTier,
  ): Promise<void> {
    await this.manager.query(
      `INSERT INTO "billing_subscription"
         (id, provider, user_id, customer_id, tier, status, amount_cents, currency, interval, current_period_start, current_period_end, cancel_at_period_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN "billing_subscription".ended_at IS NULL THEN EXCLUDED.status ELSE "billing_subscription".status END,
         amount_cents = EXCLUDED.amount_cents,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         current_period_start = GREATEST("billing_subscription".current_period_start, EXCLUDED.current_period_start),
         current_period_end = GREATEST("billing_subscription".current_period_end, EXCLUDED.current_period_end),
         updated_at = now()`,
      [
        s.subscriptionId,
        provider,
        userId,
        s.customerId,
        tier,
        s.status,
        s.amountCents,
        s.currency,
        s.interval,
        s.currentPeriodStart,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
      ],
    );
  }

  async setTier(subscriptionId: string, tier: PlanTier, pendingTier: PlanTier | null): Promise<void> {
    await this.manager.query(`UPDATE "billing_subscription" SET "tier" = $2, "pending_tier" = $3, "updated_at" = now() WHERE "id" = $1`, [
      subscriptionId,
      tier,
      pendingTier,
    ]);
  }

  async setStatus(subscriptionId: string, status: SubscriptionStatus): Promise<void> {
    await this.manager.query(`UPDATE "billing_subscription" SET "status" = $2, "updated_at" = now() WHERE "id" = $1 AND "ended_at" IS NULL`, [
      subscriptionId,
      status,
    ]);
  }

  /**
   * A paid invoice for the period [start, end): when it is the newest period, it becomes current,
   * its tier takes effect (a waiting downgrade that it applies is cleared, D28) and the plan is
   * active again. An older invoice arriving late changes nothing. true when applied.
   */
  async applyPaidPeriod(subscriptionId: string, start: Date, end: Date, tier: PlanTier, amountCents: number): Promise<boolean> {
    return (
      returnedRows<{ id: string }>(
        await this.manager.query(
          `UPDATE "billing_subscription"
              SET "current_period_start" = GREATEST("current_period_start", $2), "current_period_end" = $3, "tier" = $4::varchar,
                  "pending_tier" = CASE WHEN "pending_tier" = $4::varchar THEN NULL ELSE "pending_tier" END,
                  "amount_cents" = $5, "status" = CASE WHEN "status" = 'past_due' THEN 'active' ELSE "status" END, "updated_at" = now()
            WHERE "id" = $1 AND "ended_at" IS NULL AND "current_period_end" <= $3
            RETURNING "id"`,
          [subscriptionId, start, end, tier, amountCents],
        ),
      ).length > 0
    );
  }

  /** Ends it once: true only for the call that ended it. */
  async endSubscription(subscriptionId: string, endedAt: Date): Promise<boolean> {
    return (
      returnedRows<{ id: string }>(
        await this.manager.query(
          `UPDATE "billing_subscription" SET "status" = 'canceled', "ended_at" = $2, "updated_at" = now()
            WHERE "id" = $1 AND "ended_at" IS NULL RETURNING "id"`,
          [subscriptionId, endedAt],
        ),
      ).length > 0
    );
  }
}
