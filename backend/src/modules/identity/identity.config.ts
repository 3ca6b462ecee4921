import { z } from 'zod';
import { type EnvOf, httpUrl, positiveInt } from '../../config/env-types';

/** Identity's environment (D1, D19, D20, D22); every number defaults to the decision's value. */
export const identityEnv = {
  // D22: admins are the accounts whose e-mail is listed here (comma-separated), once verified (D25).
  ADMIN_EMAILS: z.string().default(''),
  // D20: Cloudflare Turnstile when both keys are set, else no captcha provider.
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: httpUrl.default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  VERIFICATION_TOKEN_TTL_HOURS: positiveInt.default(48),
  RESEND_CONFIRMATION_PER_HOUR: positiveInt.default(3),
  REGISTRATIONS_PER_IP_PER_DAY: positiveInt.default(3),
  REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: positiveInt.default(10),
  REGISTRATION_BLOCK_MINUTES: positiveInt.default(60),
  LOGIN_FAILURES_PER_WINDOW: positiveInt.default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_BLOCK_MINUTES: positiveInt.default(15),
  // D36: how long a password reset link works, and how many reset mails may be asked for per hour
  // per e-mail address (whoever asks) and per client address (whatever the e-mail).
  PASSWORD_RESET_TTL_MINUTES: positiveInt.default(60),
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: positiveInt.default(3),
  PASSWORD_RESETS_PER_IP_PER_HOUR: positiveInt.default(10),
};

export function checkIdentityEnv(env: EnvOf<typeof identityEnv>, ctx: z.RefinementCtx): void {
  if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
    const missing = env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other Turnstile key is set' });
  }
}

export function identityConfig(env: EnvOf<typeof identityEnv>) {
  return {
    /** D22: lower-cased admin e-mails. */
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    /** D20: undefined when no captcha provider is configured. */
    turnstile:
      env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
        ? { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL }
        : undefined,
    identity: {
      verificationTokenTtlHours: env.VERIFICATION_TOKEN_TTL_HOURS,
      resendConfirmationPerHour: env.RESEND_CONFIRMATION_PER_HOUR,
      registrationsPerIpPerDay: env.REGISTRATIONS_PER_IP_PER_DAY,
      registrationAttemptsPerIpPerHour: env.REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR,
      registrationBlockMinutes: env.REGISTRATION_BLOCK_MINUTES,
      loginFailuresPerWindow: env.LOGIN_FAILURES_PER_WINDOW,
      loginFailureWindowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
      loginBlockMinutes: env.LOGIN_BLOCK_MINUTES,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      passwordResetsPerAddressPerHour: env.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
      passwordResetsPerIpPerHour: env.PASSWORD_RESETS_PER_IP_PER_HOUR,
    },
  };
}
