import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { MAILER, type Mailer } from '../../../shared/mail/mailer.port';
import { passwordChangedMail, passwordResetLink, passwordResetMail, verificationLink, verificationMail } from './identity-mails';

interface Recipient {
  id: string;
  email: string;
  username: string;
}

/**
 * The identity mails (D24). A mail that cannot be sent never undoes what already happened (the
 * account exists, the password has changed): the failure is logged and reported as `false`.
 */
@Injectable()
export class IdentityMailService {
  private readonly logger = new Logger('IdentityMail');

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sendVerification(to: Recipient, token: string): Promise<boolean> {
    const link = verificationLink(this.config.publicUrl.origin, token);
    return this.deliver(to, 'verification', verificationMail(to, link, this.config.identity.verificationTokenTtlHours));
  }

  /** After a change made while signed in: that device stays signed in, every other one was signed out. */
  sendPasswordChanged(to: Recipient, when: Date): Promise<boolean> {
    return this.deliver(to, 'password-changed', passwordChangedMail(to, when, this.config.mail.supportEmail, 'other-devices'));
  }

  /** D36: the security mail after a reset, which signed the account out on every device. */
  sendPasswordChangedByReset(to: Recipient, when: Date): Promise<boolean> {
    return this.deliver(to, 'password-changed', passwordChangedMail(to, when, this.config.mail.supportEmail, 'every-device'));
  }

  /** D36: the link to choose a new password. */
  sendPasswordReset(to: Recipient, token: string): Promise<boolean> {
    const link = passwordResetLink(this.config.publicUrl.origin, token);
    return this.deliver(to, 'password-reset', passwordResetMail(to, link, this.config.identity.passwordResetTtlMinutes));
  }

  private async deliver(to: Recipient, kind: string, message: Parameters<Mailer['send']>[0]): Promise<boolean> {
    try {
      await this.mailer.send(message);
      return true;
    } catch (err) {
      this.logger.error({ err, userId: to.id, kind }, 'Could not send an identity mail');
      return false;
    }
  }
}
