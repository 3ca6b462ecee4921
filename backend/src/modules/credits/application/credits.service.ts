import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../shared/errors/domain-error';
import { isUuid } from '../../../shared/ids';
import { cursorScope, decodeTimeCursor, encodeTimeCursor, pageRequest } from '../../../shared/pagination';
import { PgInstanceLease } from '../adapters/pg/pg-instance-lease';
import { TypeormCreditLedgerRepository } from '../adapters/typeorm/typeorm-credit-ledger.repository';
import type {
  AdjustCredits,
  CreditBalance,
  CreditsApi,
  GrantCredits,
  GrantedCredits,
  GrantResult,
  Reservation,
  ReserveCredit,
  ReserveCredits,
  RevokeResult,
  RevokeUnspent,
  SalesFigures,
  TransactionPage,
  TransactionQuery,
  UserCreditStats,
} from '../credits.api';
import { BalanceCache } from './balance-cache';
import { balanceOf } from '../domain/credit-balance';
import {
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  ReservationNotFoundError,
  ReservationReleasedError,
  TooManyActiveReservationsError,
} from '../domain/credit-errors';
import { chooseGroupForUse, CREDIT_KINDS, planDebit, type CreditKind } from '../domain/credit-group';

const GRANT_TYPES = ['grant', 'purchase', 'subscription', 'refund'] as const;
const ADJUST_REASONS = ['refund', 'gift', 'compensation', 'penalty', 'correction'] as const;
/** D39: the most credits one reserveMany holds (4 variants). */
const MAX_HOLDS_AT_ONCE = 4;

/** Room for the `#n` suffix a debit spread over several groups adds (the column holds 255). */
const MAX_KEY = 240;

function requireUuid(value: string, field: string): void {
  if (!isUuid(value)) throw new ValidationError(`${field} must be a uuid`);
}

function requireKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) {
    throw new ValidationError(`idempotencyKey must be 1 to ${MAX_KEY} characters`);
  }
}

function requireKind(kind: CreditKind): void {
  if (!CREDIT_KINDS.includes(kind)) throw new ValidationError(`kind must be regular or watermarked`);
}

function requireLength(value: string | undefined | null, max: number, field: string): void {
  if (value != null && value.length > max) throw new ValidationError(`${field} must be at most ${max} characters`);
}

/** D44: the admin ledger lists' cursors (every row, one user's rows). */
const LEDGER_CURSOR = 'ledger';

/**
 * CREDITS_API (ARCHITECTURE rule 2): the ledger for other contexts. D2-D5, ADR 0007.
 * Rules about groups and balances live in domain/; the SQL and its atomicity in the repository.
 */
@Injectable()
export class CreditsService implements CreditsApi {
  constructor(
    private readonly ledger: TypeormCreditLedgerRepository,
    private readonly lease: PgInstanceLease,
    private readonly balances: BalanceCache,
  ) {}

  /** ADR 0021: from the per-instance cache when nothing changed since it was read. */
  async balance(userId: string): Promise<CreditBalance> {
    requireUuid(userId, 'userId');
    const cached = this.balances.get(userId);
    if (cached) return { ...cached.value };
    const token = this.balances.begin(); // before the read: a change meanwhile refuses the fill
    const groups = await this.ledger.remainingGroups(userId);
    const at = new Date();
    const value = balanceOf(groups, at);
    this.balances.remember(token, userId, value, groups, at);
    return value;
  }

  /** ADR 0021: the writing instance's cache drops the balance once the write committed (others hear NOTIFY). */
  private async changing<T>(userId: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.balances.drop(userId);
    }
  }

  /** D1, D3, D5: a positive row that starts its own group; the same key twice writes once. */
  async grant(command: GrantCredits): Promise<GrantedCredits> {
    requireUuid(command.userId, 'userId');
    requireKey(command.idempotencyKey);
    requireKind(command.kind);
    if (!Number.isInteger(command.credits) || command.credits <= 0) throw new ValidationError('credits must be a whole number above 0');
    if (!GRANT_TYPES.includes(command.type)) throw new ValidationError(`type must be one of ${GRANT_TYPES.join(', ')}`);
    requireLength(command.sourceType, 20, 'sourceType');
    requireLength(command.packType, 20, 'packType');
    if (command.currency != null && command.currency.length !== 3) throw new ValidationError('currency must be 3 letters');
    if (command.createdBy != null) requireUuid(command.createdBy, 'createdBy');
    return this.changing(command.userId, this.ledger.insertCredit({
      userId: command.userId,
      type: command.type,
      kind: command.kind,
      credits: command.credits,
      description: command.description,
      sourceType: command.sourceType,
      expiresAt: command.expiresAt ?? null,
      idempotencyKey: command.idempotencyKey,
      stripeTransactionId: command.stripeTransactionId,
      purchaseAmount: command.purchaseAmount,
      currency: command.currency?.toUpperCase(),
      packType: command.packType,
      createdBy: command.createdBy,
    }));
  }

  /**
   * Admin adjustment (D3, D5). Positive: a new never-expiring group. Negative: drawn from that kind's
   * groups soonest-expiring first, refused with CREDITS.INSUFFICIENT if it would go below 0 (D4).
   */
  async adjust(command: AdjustCredits): Promise<GrantResult> {
    requireUuid(command.userId, 'userId');
    requireUuid(command.adminId, 'adminId');
    requireKey(command.idempotencyKey);
    requireKind(command.kind);
    if (!Number.isInteger(command.credits) || command.credits === 0) throw new ValidationError('credits must be a whole number other than 0');
    if (!ADJUST_REASONS.includes(command.reason)) throw new ValidationError(`reason must be one of ${ADJUST_REASONS.join(', ')}`);
    const description = command.notes ? `Admin adjustment (${command.reason}): ${command.notes}` : `Admin adjustment (${command.reason})`;

    if (command.credits > 0) {
      const { transactionId, applied } = await this.changing(command.userId, this.ledger.insertCredit({
        userId: command.userId,
        type: 'adjustment',
        kind: command.kind,
        credits: command.credits,
        description,
        sourceType: 'admin',
        expiresAt: null,
        idempotencyKey: command.idempotencyKey,
        createdBy: command.adminId,
      }));
      return { transactionId, applied };
    }

    const amount = -command.credits;
    return this.changing(command.userId, this.ledger.inUserTransaction(command.userId, async (tx) => {
      const existing = await tx.transactionIdByKey(command.idempotencyKey);
      if (existing) return { transactionId: existing, applied: false };
      const draws = planDebit(await tx.remainingGroups(), command.kind, amount, new Date());
      if (!draws) throw new InsufficientCreditsError();
      const ids = await tx.insertDebits(
        draws.map((draw, i) => ({
          userId: command.userId,
          type: 'adjustment' as const,
          kind: command.kind,
          credits: draw.credits,
          groupId: draw.groupId,
          expiresAt: draw.expiresAt,
          description,
          sourceType: 'admin',
          // The first row carries the caller's key, so a replay finds it (D5).
          idempotencyKey: i === 0 ? command.idempotencyKey : `${command.idempotencyKey}#${i + 1}`,
          createdBy: command.adminId,
        })),
      );
      return { transactionId: ids[0], applied: true };
    }));
  }

  /** D2, D4: holds one credit, regular first (soonest-expiring first), else watermarked: reserveMany with one hold. */
  async reserve(command: ReserveCredit): Promise<Reservation> {
    const [held] = await this.reserveMany({ userId: command.userId, holds: [{ idempotencyKey: command.idempotencyKey, imageId: command.imageId }], maxActive: command.maxActive });
    return held;
  }

  /**
   * D39: holds `holds.length` credits together (each as reserve() would choose it), in one
   * transaction under the user's lock: all or none. Fewer credits than holds → InsufficientCreditsError
   * and nothing held; `maxActive` counts the reservations active before these (a request for 4
   * variants is one generation in flight as far as that limit goes). A retried request (the same
   * keys) gets its reservations back.
   */
  async reserveMany(command: ReserveCredits): Promise<Reservation[]> {
    requireUuid(command.userId, 'userId');
    if (!Array.isArray(command.holds) || command.holds.length < 1 || command.holds.length > MAX_HOLDS_AT_ONCE) {
      throw new ValidationError(`holds must list 1 to ${MAX_HOLDS_AT_ONCE} credits`);
    }
    for (const hold of command.holds) {
      requireKey(hold.idempotencyKey);
      if (hold.imageId != null) requireUuid(hold.imageId, 'imageId');
    }
    const { maxActive } = command;
    if (maxActive !== undefined && (!Number.isInteger(maxActive) || maxActive < 1)) throw new ValidationError('maxActive must be a whole number above 0');
    const stored = await this.changing(command.userId, this.ledger.inUserTransaction(command.userId, async (tx) => {
      const held = [];
      let limitChecked = false;
      for (const hold of command.holds) {
        const existing = await tx.findReservationByKey(hold.idempotencyKey);
        if (existing) {
          held.push(existing); // D5: a retried request reserves once
          continue;
        }
        const group = chooseGroupForUse(await tx.remainingGroups(), new Date());
        // Thrown inside the transaction: the holds made so far are rolled back with it.
        if (!group) throw new InsufficientCreditsError();
        // Issue 9: counted under the user's lock, so concurrent requests on any instance see each
        // other; once, before this request's first new hold.
        if (!limitChecked && maxActive !== undefined && (await tx.activeReservationCount()) >= maxActive) throw new TooManyActiveReservationsError(maxActive);
        limitChecked = true;
        held.push(await tx.holdOneCredit(group, hold.idempotencyKey, hold.imageId ?? null, this.lease.instanceId));
      }
      return held;
    }));
    if (stored.some((r) => r.userId !== command.userId)) throw new IdempotencyKeyReusedError();
    return stored.map((r) => ({ id: r.id, kind: r.kind }));
  }

  /** D4: success → a `use` row. Capturing twice changes nothing; a released hold cannot be captured. */
  async capture(reservationId: string, imageId?: string): Promise<void> {
    if (imageId != null) requireUuid(imageId, 'imageId');
    if (!isUuid(reservationId)) throw new ReservationNotFoundError();
    if (await this.ledger.captureReservation(reservationId, imageId ?? null)) return;
    const found = await this.ledger.findReservation(reservationId);
    if (!found) throw new ReservationNotFoundError();
    if (found.status === 'captured') return;
    // Released (by a failure path or the recovery job): the credit went back, nothing to capture.
    throw new ReservationReleasedError();
  }

  /** D4: any failure → the credit comes back. Idempotent; never touches a captured reservation. */
  async release(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    if (!(await this.ledger.releaseReservation(reservationId))) return;
    // The credit came back: this instance's next read of that balance must show it (ADR 0021).
    const released = await this.ledger.findReservation(reservationId);
    if (released) this.balances.drop(released.userId);
  }

  /**
   * D29, D37: a refund row (negative, in the purchase's own group, same expiry) for what the group
   * still holds (at most `credits` when given: a partial refund's share), under the user's lock so a generation cannot spend it meanwhile. A credit held by a
   * generation in flight is not unspent: it stays with that generation.
   */
  async revokeUnspent(command: RevokeUnspent): Promise<RevokeResult> {
    requireUuid(command.userId, 'userId');
    requireKey(command.idempotencyKey);
    requireKey(command.grantIdempotencyKey);
    const most = command.credits;
    if (most !== undefined && (!Number.isInteger(most) || most < 0)) throw new ValidationError('credits must be a whole number of 0 or more');
    return this.changing(command.userId, this.ledger.inUserTransaction(command.userId, async (tx) => {
      if (await tx.transactionIdByKey(command.idempotencyKey)) return { revoked: 0, applied: false };
      const groupId = await tx.transactionIdByKey(command.grantIdempotencyKey);
      const group = groupId ? (await tx.remainingGroups()).find((g) => g.groupId === groupId) : undefined;
      const revoked = group ? Math.min(group.remaining, most ?? group.remaining) : 0;
      if (!group || revoked <= 0) return { revoked: 0, applied: true };
      await tx.insertDebits([
        {
          userId: command.userId,
          type: 'refund',
          kind: group.kind,
          credits: revoked,
          groupId: group.groupId,
          expiresAt: group.expiresAt,
          description: command.description,
          sourceType: 'refund',
          idempotencyKey: command.idempotencyKey,
        },
      ]);
      return { revoked, applied: true };
    }));
  }

  /** Issue 9: ledger rows newest first, one page at a time, optionally for one user and/or one source. */
  async transactions(query: TransactionQuery): Promise<TransactionPage> {
    if (query.userId !== undefined) requireUuid(query.userId, 'userId');
    if (query.sourceType !== undefined) {
      if (typeof query.sourceType !== 'string' || query.sourceType.length === 0) throw new ValidationError('sourceType must be text');
      requireLength(query.sourceType, 20, 'sourceType');
    }
    const { limit, offset, cursor } = pageRequest(query);
    // D44: a cursor is the ledger list's own, for the same filters.
    const scope = cursorScope(query.userId, query.sourceType);
    const after = cursor === undefined ? undefined : decodeTimeCursor(LEDGER_CURSOR, cursor, scope);
    const { items, total, totalIsEstimate, last } = await this.ledger.listTransactions({ userId: query.userId, sourceType: query.sourceType, limit, offset, after });
    // D44: marked only when the total is an estimate.
    return {
      items,
      total,
      limit,
      offset,
      ...(totalIsEstimate ? { totalIsEstimate } : {}),
      ...(last ? { nextCursor: encodeTimeCursor(LEDGER_CURSOR, last, scope) } : {}),
    };
  }

  /** Issue 9: the balance (as balance() computes it) with the all-time purchased and used totals. */
  async userStats(userId: string): Promise<UserCreditStats> {
    requireUuid(userId, 'userId');
    const [current, totals] = await Promise.all([this.balance(userId), this.ledger.totals(userId)]);
    return { ...current, totalPurchased: totals.totalPurchased, totalUsed: totals.totalUsed };
  }

  /** Issue 12: the admin's sales analytics (see SalesFigures). */
  salesFigures(options: { recent: number; days: number }): Promise<SalesFigures> {
    const { recent, days } = options;
    if (!Number.isInteger(recent) || recent < 1 || recent > 100) throw new ValidationError('recent must be a whole number from 1 to 100');
    if (!Number.isInteger(days) || days < 1 || days > 366) throw new ValidationError('days must be a whole number from 1 to 366');
    return this.ledger.salesFigures(recent, days);
  }
}
