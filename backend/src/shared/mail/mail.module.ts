import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MAILER, type Mailer } from './mailer.port';
import { OutboxMailer } from './outbox-mailer.adapter';

/** Where SMTP_URL points, without user or password, for the start-up log. */
function describeSmtpUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/** D24: SMTP when SMTP_URL is set, else the log + outbox folder. Logs which one at start. */
export function createMailer(config: AppConfig, logger = new Logger('Mail')): Mailer {
  if (config.mail.smtpUrl) {
    logger.log(`Mailer: SMTP at ${describeSmtpUrl(config.mail.smtpUrl)}, from ${config.mail.from}`);
    // nodemailer (~10 MB at start) is loaded only when SMTP is configured (issue 14: memory).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { SmtpMailer } = require('./smtp-mailer.adapter') as typeof import('./smtp-mailer.adapter');
    return new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  }
  if (config.env === 'production') {
    logger.warn(
      `!!! NO SMTP_URL IN PRODUCTION: mails are NOT delivered, only written to the log and to ${config.mail.outboxDir}. ` +
        `Set SMTP_URL to send verification and security mails. !!!`,
    );
  } else {
    logger.log(`Mailer: outbox (no SMTP_URL): mails are logged and written to ${config.mail.outboxDir}`);
  }
  return new OutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, logText: config.env !== 'production' });
}

/** Provides MAILER to every context (D24). */
@Global()
@Module({
  providers: [{ provide: MAILER, useFactory: (config: AppConfig) => createMailer(config), inject: [APP_CONFIG] }],
  exports: [MAILER],
})
export class MailModule {}
