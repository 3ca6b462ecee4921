import { Injectable } from '@nestjs/common';
import { LocalCheckoutJob } from './local-checkout-job';

/** Subscriptions handled per run; the rest wait for the next run. */
const BATCH = 200;
/** A server that was off for months bills at most this many missed periods of one subscription per run. */
const MAX_PERIODS_PER_RUN = 24;

/**
 * D30: local subscriptions renew at period end: the next period's invoice is "paid" (derived id,
 * so a run repeated on two instances bills once) through the same fulfilment as a Stripe
 * `invoice.paid`, and one set to cancel at period end ends instead (D6, D9). Only with the local
 * provider; with Stripe, Stripe renews and tells us by webhook.
 */
@Injectable()
export class LocalRenewalJob extends LocalCheckoutJob {
  readonly jobName = 'billing.renew-local-subscriptions';
  readonly everyMs = 60_000;

  async execute(now = new Date()): Promise<{ renewed: number; ended: number }> {
    const local = this.local;
    if (!local) return { renewed: 0, ended: 0 };
    let renewed = 0;
    let ended = 0;
    for (const due of await this.repo.dueLocalSubscriptions(now, BATCH)) {
      let sub = due;
      for (let i = 0; i < MAX_PERIODS_PER_RUN && sub.currentPeriodEnd <= now && !sub.endedAt; i++) {
        if (sub.cancelAtPeriodEnd) {
          await this.fulfilment.endSubscription(sub.id, sub.userId, sub.currentPeriodEnd);
          ended++;
          break;
        }
        await this.fulfilment.invoicePaid(local.renewalInvoice(sub), sub.userId);
        renewed++;
        const next = await this.repo.findSubscription(sub.id);
        if (!next || next.currentPeriodEnd.getTime() === sub.currentPeriodEnd.getTime()) break;
        sub = next;
      }
    }
    if (renewed || ended) this.logger.log(`Local subscriptions: ${renewed} renewed, ${ended} ended`);
    return { renewed, ended };
  }
}
