import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { MAILER, type Mailer } from '../../../shared/mail/mailer.port';
import { TypeormContactMessageRepository } from '../adapters/typeorm/typeorm-contact-message.repository';
import { nextMailAttemptInMinutes, type StoredContactMessage } from '../domain/contact-message';
import { contactMail } from './contact-mail';

/**
 * One attempt to mail a stored contact message to SUPPORT_EMAIL (D34), its outcome written on the
 * message. Never throws: the message is stored whatever happens, and a failed attempt is left for
 * the delivery job (DeliverContactMessagesJob) until the attempts are used up.
 */
@Injectable()
export class ContactMailDelivery {
  private readonly logger = new Logger('ContactMail');

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: TypeormContactMessageRepository,
  ) {}

  /** true when the mail left (`message.mailAttempts` counts this attempt). */
  async attempt(message: StoredContactMessage): Promise<boolean> {
    try {
      await this.mailer.send(contactMail(message, this.config.mail.supportEmail));
    } catch (err) {
      const retryIn = nextMailAttemptInMinutes(message.mailAttempts);
      const next = retryIn === null ? 'no attempts left; the message stays stored' : `next attempt in ${retryIn} minutes`;
      this.logger.warn(`Contact message #${message.id}: mail attempt ${message.mailAttempts} failed (${(err as Error).message}); ${next}`);
      await this.record(message, () => this.messages.markMailFailed(message.id, retryIn));
      return false;
    }
    await this.record(message, () => this.messages.markMailed(message.id));
    return true;
  }

  /** A write that fails leaves the lease to expire: the job then tries again (at worst a repeat mail). */
  private async record(message: StoredContactMessage, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.logger.error({ err }, `Contact message #${message.id}: could not record its mail attempt`);
    }
  }
}
