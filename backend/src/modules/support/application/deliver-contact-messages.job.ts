import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { TypeormContactMessageRepository } from '../adapters/typeorm/typeorm-contact-message.repository';
import { CONTACT_MAIL_DELIVERY } from '../domain/contact-message';
import { ContactMailDelivery } from './contact-mail-delivery.service';

/** Messages mailed per run; the rest wait for the next run. */
const BATCH = 50;

/**
 * D34: a contact message whose mail to support failed is stored; every few minutes this job mails
 * the ones that are due again (with a growing pause, a bounded number of times: see
 * CONTACT_MAIL_DELIVERY). Through IntervalJobs, so one instance runs it at a time; the claim is
 * one statement besides, so not even two runs could send one message twice.
 */
@Injectable()
export class DeliverContactMessagesJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'support.deliver-contact-messages';
  readonly everyMs = CONTACT_MAIL_DELIVERY.retryEveryMinutes * 60_000;
  readonly runAtStart = false;

  constructor(
    private readonly messages: TypeormContactMessageRepository,
    private readonly delivery: ContactMailDelivery,
    private readonly jobs: IntervalJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  /** How many messages were mailed in this run. */
  async execute(): Promise<number> {
    let mailed = 0;
    for (const message of await this.messages.claimDueForMailing(BATCH)) {
      if (await this.delivery.attempt(message)) mailed += 1;
    }
    return mailed;
  }
}
