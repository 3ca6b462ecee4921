import { Injectable, OnModuleInit } from '@nestjs/common';
import { CacheInvalidation } from '../../../shared/http/cache-invalidation';
import { ExactCache } from '../../../shared/http/exact-cache';
import type { CreditBalance } from '../credits.api';
import type { CreditGroup } from '../domain/credit-group';

/** Most balances one instance keeps (least recently used out first). */
export const BALANCE_CACHE_ENTRIES = 10_000;

export interface CachedBalance {
  value: CreditBalance;
  /** The balance changes by itself when a group expires: valid until the soonest such expiry (ms). */
  validUntil: number;
  /** Answers derived from `value` alone, made once (GET /api/user/credits's bytes). */
  answers: Map<string, unknown>;
}

/**
 * Balances per instance (ADR 0021): user id → balance, bounded, dropped at once on every
 * instance when the user's ledger or reservations change (trigger → NOTIFY `c:<user id>`), and
 * synchronously on the instance that wrote (CreditsService), so the writer's next read is exact.
 */
@Injectable()
export class BalanceCache implements OnModuleInit {
  private readonly cache = new ExactCache<CachedBalance>(BALANCE_CACHE_ENTRIES);

  constructor(private readonly invalidation: CacheInvalidation) {}

  onModuleInit(): void {
    this.invalidation.subscribe('c', { changed: (userId) => this.cache.drop(userId), reset: (on) => this.cache.clear(on) });
  }

  get(userId: string, now = Date.now()): CachedBalance | undefined {
    const cached = this.cache.get(userId);
    if (!cached) return undefined;
    if (cached.validUntil > now) return cached;
    this.cache.drop(userId);
    return undefined;
  }

  /** A fill token: take it before reading the ledger. */
  begin(): number {
    return this.cache.begin();
  }

  remember(token: number, userId: string, value: CreditBalance, groups: readonly CreditGroup[], at: Date): void {
    let validUntil = Number.POSITIVE_INFINITY;
    for (const g of groups) {
      const expiry = g.expiresAt?.getTime();
      if (expiry !== undefined && expiry > at.getTime() && g.remaining !== 0 && expiry < validUntil) validUntil = expiry;
    }
    this.cache.put(token, userId, { value: { ...value }, validUntil, answers: new Map() });
  }

  /** After a write to the user's ledger committed (on this instance). */
  drop(userId: string): void {
    this.cache.drop(userId);
  }
}
