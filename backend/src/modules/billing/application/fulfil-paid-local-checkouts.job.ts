import { Injectable } from '@nestjs/common';
import { LocalCheckoutJob } from './local-checkout-job';

/** Checkouts fulfilled per run; the rest wait for the next run. */
const BATCH = 100;
/** A payment younger than this is left to the pay request that is fulfilling it right now. */
export const PAID_GRACE_MS = 10_000;

/**
 * Issue 24, D30: the local test checkout marks a session paid, then fulfils it in the same request.
 * A crash between the two (kill -9, a deploy, the database going away) used to leave the credits
 * missing until the buyer happened to reopen the success page. With Stripe, its webhook retries do
 * this; locally this job does: every 20 s, paid local sessions older than PAID_GRACE_MS that were
 * not fulfilled go through the same fulfilment code (idempotent: each grant once), so credits
 * arrive within half a minute of a crash.
 */
@Injectable()
export class FulfilPaidLocalCheckoutsJob extends LocalCheckoutJob {
  readonly jobName = 'billing.fulfil-paid-local-checkouts';
  readonly everyMs = 20_000;

  async execute(now = new Date()): Promise<{ fulfilled: number; failed: number }> {
    if (!this.local) return { fulfilled: 0, failed: 0 };
    let fulfilled = 0;
    let failed = 0;
    for (const id of await this.repo.paidUnfulfilledLocalCheckouts(new Date(now.getTime() - PAID_GRACE_MS), BATCH)) {
      try {
        if ((await this.fulfilment.fulfilCheckoutById(id)) === 'fulfilled') fulfilled++;
      } catch (error) {
        failed++;
        this.logger.error(`Local checkout ${id} paid but not fulfilled, will retry: ${(error as Error).message}`);
      }
    }
    if (fulfilled) this.logger.warn(`Local checkouts: ${fulfilled} paid but unfulfilled (a crash between paying and granting) fulfilled now`);
    return { fulfilled, failed };
  }
}
