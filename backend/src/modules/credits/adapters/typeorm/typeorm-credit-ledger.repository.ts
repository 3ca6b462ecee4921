import { ESTIMATE_ABOVE, exactTimestampSql, type TimeKey, timeKeyAfterSql } from '../../../../shared/pagination';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { CreditTransaction, SalesFigures } from '../../credits.api';
import type { CreditGroup, CreditKind } from '../../domain/credit-group';
import { KeyedQueue } from '../../../../shared/concurrency/keyed-queue';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { INSTANCE_LOCK_KEY_SQL } from '../pg/pg-instance-lease';
import { CreditReservationOrmEntity } from './credit-reservation.orm-entity';

/**
 * The ledger's SQL (ADR 0007). Every query is parameterised. Writes that must be atomic are one
 * statement or run inside `inUserTransaction`, which serialises one user's debits with a
 * transaction-scoped advisory lock (D4) without locking any other context's table.
 */

/** Issue 24: one user's ledger transactions, queued in this process before they take a connection. */
const userTransactions = new KeyedQueue();

/** A positive row: starts its own group (group_id = id). */
export interface NewCreditRow {
  userId: string;
  type: string;
  kind: CreditKind;
  credits: number;
  description: string | null;
  sourceType: string | null;
  expiresAt: Date | null;
  idempotencyKey: string;
  stripeTransactionId?: string | null;
  purchaseAmount?: number | null;
  currency?: string | null;
  packType?: string | null;
  createdBy?: string | null;
}

/** A negative row drawn from one group (copies the group's expiry). */
export interface NewDebitRow {
  userId: string;
  type: 'use' | 'adjustment' | 'refund';
  kind: CreditKind;
  /** > 0; stored negated */
  credits: number;
  groupId: string;
  expiresAt: Date | null;
  description: string | null;
  sourceType: string | null;
  idempotencyKey: string;
  createdBy?: string | null;
}

export interface StoredReservation {
  id: string;
  userId: string;
  kind: CreditKind;
  status: 'active' | 'captured' | 'released';
}

export interface InsertResult {
  transactionId: string;
  /** false: the idempotency key was there already and nothing was written. */
  applied: boolean;
  /** The credits of the row under the key: this one's, or the earlier row's when not applied. */
  credits: number;
}

export interface ReleasedReservation {
  id: string;
  userId: string;
  imageId: string | null;
}

interface ReleasedRow {
  id: string;
  user_id: string;
  image_id: string | null;
}

function toReleased(r: ReleasedRow): ReleasedReservation {
  return { id: r.id, userId: r.user_id, imageId: r.image_id };
}

/** A purchase: a positive pack or subscription row (the partial index credit_transaction_purchases_idx). */
const PURCHASE = `type IN ('purchase', 'subscription') AND credits > 0`;

interface TransactionRow {
  id: string;
  /** null: the account was deleted (D35). */
  user_id: string | null;
  type: string;
  credit_kind: CreditKind;
  credits: number;
  description: string | null;
  source_type: string | null;
  expires_at: Date | null;
  stripe_transaction_id: string | null;
  purchase_amount: number | null;
  currency: string;
  pack_type: string | null;
  image_id: string | null;
  created_by: string | null;
  created_at: Date;
}

function toTransaction(r: TransactionRow): CreditTransaction {
  return {
    id: r.id,
    userId: r.user_id,
    type: r.type,
    kind: r.credit_kind,
    credits: Number(r.credits),
    description: r.description,
    sourceType: r.source_type,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    stripeTransactionId: r.stripe_transaction_id,
    purchaseAmount: r.purchase_amount === null ? null : Number(r.purchase_amount),
    currency: r.currency,
    packType: r.pack_type,
    imageId: r.image_id,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at),
  };
}

interface GroupRow {
  group_id: string;
  credit_kind: CreditKind;
  expires_at: Date | null;
  remaining: number;
}

// Per group: its unexpired signed rows minus its active reservations. One statement, so it reads
// one snapshot (a capture that commits in between is seen whole or not at all).
const REMAINING_GROUPS_SQL = `
  WITH rows AS (
    SELECT COALESCE(group_id, id) AS group_id, credit_kind, expires_at, SUM(credits)::int AS credits
      FROM credit_transaction
     WHERE user_id = $1 AND (expires_at IS NULL OR expires_at > now())
     GROUP BY COALESCE(group_id, id), credit_kind, expires_at
  ), holds AS (
    SELECT group_id, credit_kind, SUM(credits)::int AS held
      FROM credit_reservation
     WHERE user_id = $1 AND status = 'active' AND (expires_at IS NULL OR expires_at > now())
     GROUP BY group_id, credit_kind
  )
  SELECT r.group_id, r.credit_kind, r.expires_at, (r.credits - COALESCE(h.held, 0))::int AS remaining
    FROM rows r
    LEFT JOIN holds h ON h.group_id = r.group_id AND h.credit_kind = r.credit_kind
   WHERE r.credits - COALESCE(h.held, 0) <> 0`;

const INSERT_ROW_SQL = `
  INSERT INTO credit_transaction
    (id, user_id, type, credit_kind, credits, description, source_type, group_id, expires_at,
     stripe_transaction_id, purchase_amount, currency, pack_type, image_id, created_by, idempotency_key)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12, 'USD'), $13, $14, $15, $16)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id`;

async function remainingGroups(manager: EntityManager, userId: string): Promise<CreditGroup[]> {
  const rows: GroupRow[] = await manager.query(REMAINING_GROUPS_SQL, [userId]);
  return rows.map((r) => ({
    groupId: r.group_id,
    kind: r.credit_kind,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    remaining: Number(r.remaining),
  }));
}

async function transactionIdByKey(manager: EntityManager, key: string): Promise<string | null> {
  const rows: { id: string }[] = await manager.query(`SELECT id FROM credit_transaction WHERE idempotency_key = $1`, [key]);
  return rows[0]?.id ?? null;
}

async function insertCreditRow(manager: EntityManager, row: NewCreditRow): Promise<InsertResult> {
  const id = randomUUID();
  const inserted = returnedRows<{ id: string }>(await manager.query(INSERT_ROW_SQL, [
    id,
    row.userId,
    row.type,
    row.kind,
    row.credits,
    row.description,
    row.sourceType,
    id, // a positive row starts its own group
    row.expiresAt,
    row.stripeTransactionId ?? null,
    row.purchaseAmount ?? null,
    row.currency ?? null,
    row.packType ?? null,
    null,
    row.createdBy ?? null,
    row.idempotencyKey,
  ]));
  if (inserted.length > 0) return { transactionId: inserted[0].id, applied: true, credits: row.credits };
  // ON CONFLICT DO NOTHING waited for the other writer of this key to commit: its row is visible now.
  const [existing]: { id: string; credits: number }[] = await manager.query(`SELECT id, credits FROM credit_transaction WHERE idempotency_key = $1`, [
    row.idempotencyKey,
  ]);
  if (!existing) throw new Error(`credit_transaction with idempotency key ${row.idempotencyKey} vanished`);
  return { transactionId: existing.id, applied: false, credits: Number(existing.credits) };
}

function toStored(e: CreditReservationOrmEntity): StoredReservation {
  return { id: e.id, userId: e.userId, kind: e.creditKind, status: e.status };
}

/** The operations available inside one user's serialised transaction. */
export class LockedUserLedger {
  constructor(
    private readonly manager: EntityManager,
    readonly userId: string,
  ) {}

  remainingGroups(): Promise<CreditGroup[]> {
    return remainingGroups(this.manager, this.userId);
  }

  transactionIdByKey(key: string): Promise<string | null> {
    return transactionIdByKey(this.manager, key);
  }

  async findReservationByKey(key: string): Promise<StoredReservation | null> {
    const found = await this.manager.getRepository(CreditReservationOrmEntity).findOneBy({ idempotencyKey: key });
    return found ? toStored(found) : null;
  }

  /** This user's reservations still held (generations in flight), counted under the user's lock. */
  async activeReservationCount(): Promise<number> {
    const rows: { n: number }[] = await this.manager.query(
      `SELECT count(*)::int AS n FROM credit_reservation WHERE user_id = $1 AND status = 'active'`,
      [this.userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Holds 1 credit of `group` for the instance `instanceId`. A concurrent holder of the same key
   * wins; its reservation is returned.
   */
  async holdOneCredit(group: CreditGroup, key: string, imageId: string | null, instanceId: string | null): Promise<StoredReservation> {
    const id = randomUUID();
    const inserted = returnedRows<{ id: string }>(await this.manager.query(
      `INSERT INTO credit_reservation (id, user_id, image_id, credit_kind, credits, group_id, expires_at, status, idempotency_key, instance_id)
       VALUES ($1, $2, $3, $4, 1, $5, $6, 'active', $7, $8)
       ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [id, this.userId, imageId, group.kind, group.groupId, group.expiresAt, key, instanceId],
    ));
    if (inserted.length > 0) return { id, userId: this.userId, kind: group.kind, status: 'active' };
    const existing = await this.findReservationByKey(key);
    if (!existing) throw new Error(`credit_reservation with idempotency key ${key} vanished`);
    return existing;
  }

  /** Negative rows, one per group drawn from, all in this transaction. */
  async insertDebits(rows: NewDebitRow[]): Promise<string[]> {
    const ids: string[] = [];
    for (const row of rows) {
      const id = randomUUID();
      await this.manager.query(INSERT_ROW_SQL, [
        id,
        row.userId,
        row.type,
        row.kind,
        -row.credits,
        row.description,
        row.sourceType,
        row.groupId,
        row.expiresAt,
        null,
        null,
        null,
        null,
        null,
        row.createdBy ?? null,
        row.idempotencyKey,
      ]);
      ids.push(id);
    }
    return ids;
  }
}

@Injectable()
export class TypeormCreditLedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction that holds this user's ledger lock (pg_advisory_xact_lock on a
   * hash of the user id, released at commit/rollback), so one user's balance checks and debits
   * happen one at a time (D4), on every server instance. Issue 24: a user's transactions queue in
   * this process first (no pooled connection held while waiting); the advisory lock then only
   * orders them across instances, a wait bounded by DB_LOCK_TIMEOUT_MS. Not re-entrant.
   */
  inUserTransaction<T>(userId: string, work: (ledger: LockedUserLedger) => Promise<T>): Promise<T> {
    return userTransactions.run(userId, () =>
      this.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('credits:user:' || $1, 0))`, [userId]);
        return work(new LockedUserLedger(manager, userId));
      }),
    );
  }

  /** What is left in each unexpired group of a user (D3). */
  remainingGroups(userId: string): Promise<CreditGroup[]> {
    return remainingGroups(this.dataSource.manager, userId);
  }

  /** A positive row (grant, purchase, subscription, refund, positive adjustment); idempotent (D5). */
  insertCredit(row: NewCreditRow): Promise<InsertResult> {
    return insertCreditRow(this.dataSource.manager, row);
  }

  /**
   * D4: active → captured and the matching `use` row (−credits, same group, expiry and kind), in one
   * statement. Returns false when the reservation was not active (already captured, released or unknown).
   */
  async captureReservation(reservationId: string, imageId: string | null): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(await this.dataSource.query(
      `WITH captured AS (
         UPDATE credit_reservation
            SET status = 'captured', settled_at = now(), image_id = COALESCE($2::uuid, image_id)
          WHERE id = $1 AND status = 'active'
          RETURNING id, user_id, credit_kind, credits, group_id, expires_at, image_id
       )
       INSERT INTO credit_transaction
         (id, user_id, type, credit_kind, credits, description, source_type, group_id, expires_at, image_id, idempotency_key)
       SELECT gen_random_uuid(), user_id, 'use', credit_kind, -credits, 'Image generation', 'generation',
              group_id, expires_at, image_id, 'use:' || id::text
         FROM captured
       ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [reservationId, imageId],
    ));
    return rows.length > 0;
  }

  /** active → released. Returns false when it was not active (a captured one stays captured). */
  async releaseReservation(reservationId: string): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await this.dataSource.query(
        `UPDATE credit_reservation SET status = 'released', settled_at = now()
          WHERE id = $1 AND status = 'active'
          RETURNING id`,
        [reservationId],
      ),
    );
    return rows.length > 0;
  }

  async findReservation(reservationId: string): Promise<StoredReservation | null> {
    const found = await this.dataSource.getRepository(CreditReservationOrmEntity).findOneBy({ id: reservationId });
    return found ? toStored(found) : null;
  }

  /**
   * D4 recovery: releases every active reservation older than `olderThanMinutes`, in one atomic
   * UPDATE, so several instances may run it at the same moment.
   */
  async releaseStaleReservations(olderThanMinutes: number): Promise<ReleasedReservation[]> {
    const rows = returnedRows<ReleasedRow>(
      await this.dataSource.query(
        `UPDATE credit_reservation SET status = 'released', settled_at = now()
          WHERE status = 'active' AND created_at < now() - make_interval(mins => $1::int)
          RETURNING id, user_id, image_id`,
        [olderThanMinutes],
      ),
    );
    return rows.map(toReleased);
  }

  /**
   * Issue 9: releases every active reservation whose instance no longer holds its liveness lock
   * (see PgInstanceLease): the process that made it is gone, so no one will capture or release
   * it. One atomic UPDATE; `ownInstanceId` is never touched (its lock may be reconnecting).
   */
  async releaseReservationsOfGoneInstances(ownInstanceId: string): Promise<ReleasedReservation[]> {
    const rows = returnedRows<ReleasedRow>(
      await this.dataSource.query(
        `WITH live AS MATERIALIZED (
           SELECT (l.classid::bigint << 32) | l.objid::bigint AS key
             FROM pg_locks l
            WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         )
         UPDATE credit_reservation SET status = 'released', settled_at = now()
          WHERE status = 'active' AND instance_id IS NOT NULL AND instance_id <> $1
            AND ${INSTANCE_LOCK_KEY_SQL('instance_id::text')} NOT IN (SELECT key FROM live)
          RETURNING id, user_id, image_id`,
        [ownInstanceId],
      ),
    );
    return rows.map(toReleased);
  }

  /**
   * Issue 9 (admin, billing): one page of ledger rows, newest first, and how many match in all:
   * counted exactly up to ESTIMATE_ABOVE rows, above that the planner's estimate, marked as such
   * (D44, issue 29: a `count(*) OVER ()` beside the page read the whole ledger in order).
   */
  async listTransactions(filter: {
    userId?: string;
    sourceType?: string;
    limit: number;
    offset: number;
    /** D44: the page starts after this row (a cursor's key); never with an offset (pageRequest). */
    after?: TimeKey;
  }): Promise<{ items: CreditTransaction[]; total: number; totalIsEstimate: boolean; last?: TimeKey }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.userId !== undefined) {
      params.push(filter.userId);
      where.push(`user_id = $${params.length}`);
    }
    if (filter.sourceType !== undefined) {
      params.push(filter.sourceType);
      where.push(`source_type = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // Issue 29: a page after a cursor seeks the created_at index (an offset read every row before it).
    const pageWhere = [...where];
    const pageParams = [...params];
    if (filter.after) {
      pageParams.push(filter.after.timestamp, filter.after.id);
      pageWhere.push(timeKeyAfterSql('created_at', 'id', `$${pageParams.length - 1}`, `$${pageParams.length}`));
    }
    pageParams.push(filter.limit, filter.offset);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT id, user_id, type, credit_kind, credits, description, source_type, expires_at, stripe_transaction_id,
                purchase_amount, currency, pack_type, image_id, created_by, created_at,
                ${exactTimestampSql('created_at')} AS cursor_time
           FROM credit_transaction ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
          ORDER BY created_at DESC, id DESC
          LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`,
        pageParams,
      ) as Promise<Array<TransactionRow & { cursor_time: string }>>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM credit_transaction ${clause} LIMIT ${ESTIMATE_ABOVE + 1}) s`, params) as Promise<
        Array<{ n: number }>
      >,
    ]);
    const items = rows.map(toTransaction);
    // A full page's last row: the next page starts after it.
    const lastRow = rows.length === filter.limit ? rows[rows.length - 1] : undefined;
    const next = lastRow ? { last: { timestamp: lastRow.cursor_time, id: lastRow.id } } : {};
    if (counted[0].n <= ESTIMATE_ABOVE) return { items, total: counted[0].n, totalIsEstimate: false, ...next };
    return {
      items,
      total: Math.max(ESTIMATE_ABOVE + 1, await this.estimatedRows(`SELECT 1 FROM credit_transaction ${clause}`, params)),
      totalIsEstimate: true,
      ...next,
    };
  }

  /** The planner's row estimate for a statement (EXPLAIN, nothing is read). */
  private async estimatedRows(statement: string, params: unknown[]): Promise<number> {
    const [row] = (await this.dataSource.query(`EXPLAIN (FORMAT JSON) ${statement}`, params)) as Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;
    return Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
  }

  /**
   * Issue 12, 001 §2 Sales Analytics, in SQL (one aggregate per question, nothing loaded into
   * memory). A purchase is a positive `purchase` or `subscription` row (as `totals` counts them).
   */
  async salesFigures(recent: number, days: number): Promise<SalesFigures> {
    const [totals, recentRows, packs, perDay] = await Promise.all([
      this.dataSource.query(
        // Issue 29: the summary the ledger's trigger keeps (ledger_daily_stats), not every ledger row.
        `SELECT COALESCE(SUM(revenue_cents), 0)::bigint AS revenue_cents,
                COALESCE(SUM(credits_sold), 0)::bigint AS credits_sold,
                COALESCE(SUM(purchases), 0)::int AS purchases,
                COALESCE(SUM(credits_used), 0)::bigint AS credits_used,
                COALESCE(SUM(uses), 0)::int AS uses
           FROM ledger_daily_stats`,
      ) as Promise<Array<{ revenue_cents: string; credits_sold: string; purchases: number; credits_used: string; uses: number }>>,
      this.dataSource.query(
        `SELECT id, user_id, type, credit_kind, credits, description, source_type, expires_at, stripe_transaction_id,
                purchase_amount, currency, pack_type, image_id, created_by, created_at
           FROM credit_transaction WHERE ${PURCHASE}
          ORDER BY created_at DESC, id DESC LIMIT $1`,
        [recent],
      ) as Promise<TransactionRow[]>,
      this.dataSource.query(
        `SELECT pack_type, SUM(pack_sales)::int AS sales, SUM(pack_credits)::bigint AS credits, SUM(pack_revenue_cents)::bigint AS revenue_cents
           FROM ledger_daily_stats WHERE pack_type <> ''
          GROUP BY pack_type HAVING SUM(pack_sales) <> 0`,
      ) as Promise<Array<{ pack_type: string; sales: number; credits: string; revenue_cents: string }>>,
      // Days in UTC, the oldest first, today last; a day without sales is 0.
      this.dataSource.query(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(SUM(t.revenue_cents), 0)::bigint AS cents
           FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
           LEFT JOIN ledger_daily_stats t ON t.day = d.day::date
          GROUP BY d.day ORDER BY d.day`,
        [days],
      ) as Promise<Array<{ day: string; cents: string }>>,
    ]);
    const t = totals[0];
    return {
      revenueCents: Number(t.revenue_cents),
      creditsSold: Number(t.credits_sold),
      totalPurchases: t.purchases,
      creditsUsed: Number(t.credits_used),
      useTransactions: t.uses,
      recentPurchases: recentRows.map(toTransaction),
      packs: packs.map((p) => ({ packType: p.pack_type, sales: p.sales, credits: Number(p.credits), revenueCents: Number(p.revenue_cents) })),
      revenueCentsByDay: perDay.map((d) => ({ date: d.day, cents: Number(d.cents) })),
    };
  }

  /** Credits bought (purchase and subscription rows) and used (captured generations) over all time. */
  async totals(userId: string): Promise<{ totalPurchased: number; totalUsed: number }> {
    const rows: { purchased: number; used: number }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(credits) FILTER (WHERE type IN ('purchase', 'subscription') AND credits > 0), 0)::int AS purchased,
              COALESCE(-SUM(credits) FILTER (WHERE type = 'use'), 0)::int AS used
         FROM credit_transaction WHERE user_id = $1`,
      [userId],
    );
    return { totalPurchased: Number(rows[0].purchased), totalUsed: Number(rows[0].used) };
  }
}
