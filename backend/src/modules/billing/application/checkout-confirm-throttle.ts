import { Injectable } from '@nestjs/common';
import type { CheckoutOutcome } from './fulfilment.service';

/** A session the provider called unpaid is not asked about again for this long. */
export const NOT_PAID_TRUSTED_MS = 3_000;
/** Provider checks one user's confirms may cause per minute on this instance. */
export const CHECKS_PER_USER_PER_MINUTE = 10;
/** Entries kept before old ones are dropped (memory stays bounded whatever the traffic). */
const MAX_ENTRIES = 10_000;

/**
 * Issue 24: `POST /api/checkout/sessions/{id}/confirm` asks the provider whether an unfinished
 * checkout has been paid (D27: fulfilment from the redirect). Unbounded, one user refreshing the
 * success page, or a script, could spend the whole Stripe account's rate limit. So, per instance:
 * - at most one question per session at a time (concurrent confirms share the answer);
 * - a "not paid" answer is trusted for NOT_PAID_TRUSTED_MS;
 * - at most CHECKS_PER_USER_PER_MINUTE questions per user per minute.
 * When a question is skipped the caller answers with what the database knows; the webhook still
 * fulfils the checkout the moment it is paid.
 */
@Injectable()
export class CheckoutConfirmThrottle {
  private readonly notPaidUntil = new Map<string, number>();
  private readonly running = new Map<string, Promise<CheckoutOutcome>>();
  private readonly checksOf = new Map<string, number[]>();

  /** The clock (a unit test sets its own). */
  now: () => number = Date.now;

  /** Runs `ask` unless the rules above say not to; true when the provider was asked (by this call or a concurrent one). */
  async check(userId: string, sessionId: string, ask: () => Promise<CheckoutOutcome>): Promise<boolean> {
    const now = this.now();
    if ((this.notPaidUntil.get(sessionId) ?? 0) > now) return false;
    const running = this.running.get(sessionId);
    if (running) {
      await running;
      return true;
    }
    if (!this.spend(userId, now)) return false;
    const asking = ask();
    this.running.set(sessionId, asking);
    try {
      if ((await asking) === 'not_paid') this.remember(sessionId, this.now() + NOT_PAID_TRUSTED_MS);
      return true;
    } finally {
      this.running.delete(sessionId);
    }
  }

  private spend(userId: string, now: number): boolean {
    const recent = (this.checksOf.get(userId) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= CHECKS_PER_USER_PER_MINUTE) {
      this.checksOf.set(userId, recent);
      return false;
    }
    recent.push(now);
    if (this.checksOf.size >= MAX_ENTRIES && !this.checksOf.has(userId)) this.checksOf.delete(this.checksOf.keys().next().value as string);
    this.checksOf.set(userId, recent);
    return true;
  }

  private remember(sessionId: string, until: number): void {
    if (this.notPaidUntil.size >= MAX_ENTRIES) {
      const now = this.now();
      for (const [id, t] of this.notPaidUntil) if (t <= now) this.notPaidUntil.delete(id);
      if (this.notPaidUntil.size >= MAX_ENTRIES) this.notPaidUntil.delete(this.notPaidUntil.keys().next().value as string);
    }
    this.notPaidUntil.set(sessionId, until);
  }
}
