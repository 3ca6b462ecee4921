import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { LocalPaymentGateway } from '../adapters/local/local-payment-gateway.adapter';
import { BillingRepository } from '../adapters/typeorm/billing.repository';
import { FulfilmentService } from './fulfilment.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';

/**
 * D30: an interval job that does the payment provider's work when the provider is the local test
 * checkout (renewals, repairing a crash between paying and granting), scheduled only then: with
 * Stripe, Stripe does it and tells us by webhook. Runs through the one interval-job helper.
 */
@Injectable()
export abstract class LocalCheckoutJob implements IntervalJob, OnApplicationBootstrap {
  abstract readonly jobName: string;
  abstract readonly everyMs: number;
  readonly runAtStart = true;
  protected readonly logger = new Logger('Billing');

  constructor(
    private readonly jobs: IntervalJobs,
    protected readonly repo: BillingRepository,
    protected readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) protected readonly gateway: PaymentGateway,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.gateway instanceof LocalPaymentGateway) await this.jobs.schedule(this);
  }

  abstract execute(): Promise<unknown>;

  /** The local provider, or null with Stripe (then the job does nothing). */
  protected get local(): LocalPaymentGateway | null {
    return this.gateway instanceof LocalPaymentGateway ? this.gateway : null;
  }
}
