import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allowPerWindow, type RateLimitPolicy, type RateLimitSubject } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { TypeormContactMessageRepository } from '../adapters/typeorm/typeorm-contact-message.repository';
import { type ContactMessageContent, honeypotFilled } from '../domain/contact-message';
import { TooManyContactMessagesError } from '../domain/support-errors';
import { ContactMailDelivery } from './contact-mail-delivery.service';

export interface SendContactMessageCommand extends ContactMessageContent {
  /** The hidden honeypot field (D34): only a bot fills it. */
  website?: unknown;
  /** The client address (req.ip, which honours TRUST_PROXY). */
  ip: string;
  /** The sender's account when signed in. */
  userId: string | null;
}

const contactSubject = (ip: string): RateLimitSubject => ({ ip, type: 'contact', identifier: '' });

/**
 * The contact form (001 §3, §7; D34). A filled honeypot is answered like a sent message and
 * dropped (nothing stored, counted or mailed). Otherwise the message is counted against the
 * address's hourly limit before anything else, stored, then mailed to SUPPORT_EMAIL with reply-to
 * the sender; a mail that fails leaves the message stored for the delivery job, and the sender is
 * told it was sent all the same (it was received). The sender gets no mail (it would be a spam relay).
 */
@Injectable()
export class SendContactMessageUseCase {
  private readonly policy: RateLimitPolicy;
  private readonly perHour: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly messages: TypeormContactMessageRepository,
    private readonly delivery: ContactMailDelivery,
  ) {
    this.perHour = config.support.contactMessagesPerHour;
    this.policy = allowPerWindow(this.perHour, 60);
  }

  async execute(command: SendContactMessageCommand): Promise<void> {
    if (honeypotFilled(command.website)) return;

    const decision = await this.rateLimiter.consume(contactSubject(command.ip), this.policy);
    if (!decision.allowed) throw new TooManyContactMessagesError(this.perHour);

    const stored = await this.messages.storeForMailing({
      name: command.name,
      email: command.email,
      subject: command.subject,
      message: command.message,
      userId: command.userId,
      ip: command.ip,
    });
    await this.delivery.attempt(stored);
  }
}
