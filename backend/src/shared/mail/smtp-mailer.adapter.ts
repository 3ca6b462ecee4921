import { Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { UnavailableError } from '../errors/domain-error';
import type { MailMessage, Mailer } from './mailer.port';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL, credentials included (never logged). */
  url: string;
  from: string;
}

/** D24: mail through an SMTP server (nodemailer), used when SMTP_URL is set. */
export class SmtpMailer implements Mailer, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    // nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket by default; a
    // request that sends a mail (contact, D34) should fail in seconds instead (the URL's own
    // settings still win).
    this.transport = createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      });
      this.logger.log(`Mail to ${message.to} "${message.subject}" sent by SMTP`);
    } catch (error) {
      this.logger.error(`Mail to ${message.to} "${message.subject}" failed: ${(error as Error).message}`);
      throw new UnavailableError('MAIL.UNAVAILABLE', 'The e-mail could not be sent. Please try again later.', { cause: error });
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
