import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../../shared/auth/auth-user';
import { MAILER, type Mailer } from '../../../shared/mail/mailer.port';
import { BillingRepository, ENTITLED_STATUSES, type StoredSubscription } from '../adapters/typeorm/billing.repository';
import { CancelConfirmationError, NoSubscriptionError } from '../domain/billing-errors';
import { subscriptionCancelledMail } from './billing-mails';
import { providerCall } from './checkout.service';
import { FulfilmentService } from './fulfilment.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';

export interface CancelCommand {
  confirmEmail: string;
  confirmCancel: boolean;
}

/** 001 §4/§5/§7: cancel at period end (both confirmations checked here too) and resume. */
@Injectable()
export class SubscriptionManagementService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    private readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async cancel(user: AuthUser, command: CancelCommand): Promise<{ accessUntil: string; message: string }> {
    // 001 §5: the typed e-mail must be the account's, and the acknowledgement ticked.
    if (typeof command.confirmEmail !== 'string' || command.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new CancelConfirmationError('The e-mail you typed does not match your account.');
    }
    if (command.confirmCancel !== true) throw new CancelConfirmationError('Please confirm that you understand what cancelling means.');
    const live = await this.current(user.id);
    let synced: StoredSubscription | null = live;
    if (!live.cancelAtPeriodEnd) {
      const snapshot = await providerCall(() => this.gateway.setCancelAtPeriodEnd(live.id, true));
      synced = (await this.fulfilment.syncSubscription(snapshot, { userId: user.id, tier: live.tier })) ?? live;
      try {
        await this.mailer.send(subscriptionCancelledMail({ email: user.email, username: user.username }, synced.currentPeriodEnd));
      } catch (e) {
        // The cancellation stands; a mail outage must not undo it or fail the answer.
        this.logger.error(`Cancellation mail to user ${user.id} failed: ${(e as Error).message}`);
      }
      this.logger.log(`Subscription ${live.id} of user ${user.id} set to end at ${synced.currentPeriodEnd.toISOString()}`);
    }
    const accessUntil = synced.currentPeriodEnd.toISOString();
    return { accessUntil, message: `Your subscription will end on ${accessUntil.slice(0, 10)}. You'll retain access until then.` };
  }

  /** Takes back a cancellation while the period has not ended (Stripe allows it). */
  async resume(user: AuthUser): Promise<StoredSubscription> {
    const live = await this.current(user.id);
    if (!live.cancelAtPeriodEnd) return live;
    const snapshot = await providerCall(() => this.gateway.setCancelAtPeriodEnd(live.id, false));
    return (await this.fulfilment.syncSubscription(snapshot, { userId: user.id, tier: live.tier })) ?? live;
  }

  private async current(userId: string): Promise<StoredSubscription> {
    const live = await this.repo.liveSubscriptionOf(userId);
    if (!live || !ENTITLED_STATUSES.includes(live.status)) throw new NoSubscriptionError();
    return live;
  }
}
