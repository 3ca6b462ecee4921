import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { CreditsModule } from '../credits';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher';
import { AuthController } from './adapters/http/auth.controller';
import { PasswordResetController } from './adapters/http/password-reset.controller';
import { VerificationController } from './adapters/http/verification.controller';
import { LocalStrategy } from './adapters/local.strategy';
import { NoCaptchaVerifier } from './adapters/no-captcha-verifier.adapter';
import { SessionSerializer } from './adapters/session.serializer';
import { UserHotPath } from './adapters/http/user-hot-path';
import { TurnstileCaptchaVerifier } from './adapters/turnstile-captcha-verifier.adapter';
import { AdminWhitelistOrmEntity } from './adapters/typeorm/admin-whitelist.orm-entity';
import { DeviceFingerprintOrmEntity } from './adapters/typeorm/device-fingerprint.orm-entity';
import { IpRegistrationOrmEntity } from './adapters/typeorm/ip-registration.orm-entity';
import { TypeormAccountRepository } from './adapters/typeorm/typeorm-account.repository';
import { TypeormPasswordResetRepository } from './adapters/typeorm/typeorm-password-reset.repository';
import { TypeormRegistrationRepository } from './adapters/typeorm/typeorm-registration.repository';
import { TypeormWhitelistRepository } from './adapters/typeorm/typeorm-whitelist.repository';
import { UserOrmEntity } from './adapters/typeorm/user.orm-entity';
import { VideoWaitlistOrmEntity } from './adapters/typeorm/video-waitlist.orm-entity';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './application/captcha-verifier.port';
import { ChangePasswordUseCase } from './application/change-password.use-case';
import { CheckPasswordResetLinkUseCase } from './application/check-password-reset-link.use-case';
import { IdentityApiService } from './application/identity-api.service';
import { IdentityMailService } from './application/identity-mail.service';
import { LoginUseCase } from './application/login.use-case';
import { RegisterUseCase } from './application/register.use-case';
import { RequestPasswordResetUseCase } from './application/request-password-reset.use-case';
import { ResendConfirmationUseCase } from './application/resend-confirmation.use-case';
import { ResetPasswordUseCase } from './application/reset-password.use-case';
import { SessionUserService } from './application/session-user.service';
import { VerifyEmailUseCase } from './application/verify-email.use-case';
import { IDENTITY_API } from './identity.api';

/** D20: Cloudflare Turnstile when both keys are set, else no captcha provider. Said at start. */
function captchaVerifier(config: AppConfig): CaptchaVerifier {
  const logger = new Logger('Identity');
  if (config.turnstile) {
    logger.log('Captcha: Cloudflare Turnstile');
    return new TurnstileCaptchaVerifier(config.turnstile);
  }
  logger.log('Captcha: none configured (D20: a registration that needs one is refused)');
  return new NoCaptchaVerifier();
}

/**
 * Identity: accounts, sessions (passport local + the session serializer), e-mail verification,
 * anti-abuse (D18-D22, D25, D26). Uses MAILER (global MailModule), CREDITS_API for the D1 grant
 * and the shared RateLimiter; offers IDENTITY_API to the modules that import it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      UserOrmEntity,
      IpRegistrationOrmEntity,
      DeviceFingerprintOrmEntity,
      AdminWhitelistOrmEntity,
      VideoWaitlistOrmEntity,
    ]),
    CreditsModule,
    RateLimitModule,
  ],
  controllers: [AuthController, VerificationController, PasswordResetController],
  providers: [
    { provide: CAPTCHA_VERIFIER, inject: [APP_CONFIG], useFactory: captchaVerifier },
    Argon2PasswordHasher,
    TypeormAccountRepository,
    TypeormRegistrationRepository,
    TypeormWhitelistRepository,
    IdentityMailService,
    RegisterUseCase,
    LoginUseCase,
    VerifyEmailUseCase,
    ResendConfirmationUseCase,
    ChangePasswordUseCase,
    // D36: forgotten passwords.
    TypeormPasswordResetRepository,
    RequestPasswordResetUseCase,
    CheckPasswordResetLinkUseCase,
    ResetPasswordUseCase,
    SessionUserService,
    LocalStrategy,
    SessionSerializer,
    UserHotPath,
    IdentityApiService,
    { provide: IDENTITY_API, useExisting: IdentityApiService },
  ],
  exports: [IDENTITY_API],
})
export class IdentityModule {}
