import * as path from 'node:path';
import { z } from 'zod';

/** The repository root: backend/src/config → ../../.. and backend/dist/config → ../../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole number')
  .min(0, 'expected a port number from 0 to 65535')
  .max(65535, 'expected a port number from 0 to 65535');

const positiveInt = z.coerce.number({ message: 'expected a whole number' }).int('expected a whole number').min(1, 'expected 1 or more');

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
    message: 'expected a postgres:// or postgresql:// URL',
  });

/** Every environment variable the server reads. `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { message: 'expected an http(s):// URL' })
      .optional(),
    DATABASE_URL: postgresUrl.optional(),
    EMBEDDED_PG_DIR: z.string().min(1).optional(),
    EMBEDDED_PG_PORT: port.default(54329),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JSON_BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, 'expected a size such as 100kb or 1mb')
      .default('1mb'),
    FRONTEND_DIST_DIR: z.string().min(1).optional(),
    WS_HEARTBEAT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(50).default(30000),
    // D22: admins are the accounts whose e-mail is listed here (comma-separated).
    ADMIN_EMAILS: z.string().default(''),
    // D24: SMTP when set, else log + outbox folder.
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), { message: 'expected an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Magic Editor <no-reply@magic-editor.local>'),
    MAIL_OUTBOX_DIR: z.string().min(1).optional(),
    SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@magic-editor.local'),
    // D20: Cloudflare Turnstile when both keys are set, else no captcha provider.
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    TURNSTILE_VERIFY_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { message: 'expected an http(s):// URL' })
      .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    // E-mail verification (D1) and D19 limits; every number has the decision's value as default.
    VERIFICATION_TOKEN_TTL_HOURS: positiveInt.default(48),
    RESEND_CONFIRMATION_PER_HOUR: positiveInt.default(3),
    REGISTRATIONS_PER_IP_PER_DAY: positiveInt.default(3),
    REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: positiveInt.default(10),
    REGISTRATION_BLOCK_MINUTES: positiveInt.default(60),
    LOGIN_FAILURES_PER_WINDOW: positiveInt.default(5),
    LOGIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
    LOGIN_BLOCK_MINUTES: positiveInt.default(15),
    // D4: a reservation older than this is taken as left behind by a crash and released.
    CREDIT_RESERVATION_STALE_MINUTES: positiveInt.default(10),
    // D10/D11: Replicate when a token is set, else the local sharp engine.
    REPLICATE_API_TOKEN: z.string().min(1).optional(),
    REPLICATE_PRIMARY_MODEL: z.string().regex(/^[\w.-]+\/[\w.-]+(:\w+)?$/, 'expected owner/name').default('black-forest-labs/flux-kontext-max'),
    REPLICATE_FALLBACK_MODEL: z.string().regex(/^[\w.-]+\/[\w.-]+(:\w+)?$/, 'expected owner/name').default('black-forest-labs/flux-kontext-pro'),
    REPLICATE_BASE_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { message: 'expected an http(s):// URL' })
      .default('https://api.replicate.com/v1'),
    // One model call may take this long before it counts as a transient failure (keep it well
    // under CREDIT_RESERVATION_STALE_MINUTES).
    MODEL_TIMEOUT_MS: positiveInt.default(120_000),
    FALLBACK_FAILURE_THRESHOLD: positiveInt.default(5),
    FALLBACK_DURATION_MINUTES: positiveInt.default(10),
    FALLBACK_RECOVERY_INTERVAL_MINUTES: positiveInt.default(10),
    // D12 upload limits.
    UPLOAD_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
    UPLOAD_MAX_MEGAPIXELS: positiveInt.default(40),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).default(10000),
    // Issue 5: how long a cached feed/leaderboard answer may live. Writes invalidate it at once on
    // every instance (ADR 0011); this is only the safety net should a notification be lost.
    COMMUNITY_CACHE_TTL_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).default(5000),
    // The landing page's demo video (https URL or a same-origin path); a poster shows when unset.
    DEMO_VIDEO_URL: z
      .string()
      .refine((v) => (/^https:\/\//.test(v) && URL.canParse(v)) || /^\/[^/\\\s][^\s]*$/.test(v), {
        message: 'expected an https:// URL or a path starting with /',
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.MODEL_TIMEOUT_MS >= env.CREDIT_RESERVATION_STALE_MINUTES * 60_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['MODEL_TIMEOUT_MS'],
        message: 'must be shorter than CREDIT_RESERVATION_STALE_MINUTES, or a slow generation loses its reserved credit',
      });
    }
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      const missing = env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other Turnstile key is set' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
      }
      if (!env.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required when NODE_ENV=production' });
      }
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The origin people reach the app at; links in mails and the same-origin check use it. */
  publicUrl: URL;
  database: { url?: string; embedded: { dir: string; port: number } };
  session: { secret?: string; secure: boolean };
  trustProxy: boolean;
  logLevel: string;
  jsonBodyLimit: string;
  frontendDistDir: string;
  wsHeartbeatMs: number;
  shutdownTimeoutMs: number;
  community: { cacheTtlMs: number };
  site: { demoVideoUrl: string | null };
  /** D22: lower-cased admin e-mails. */
  adminEmails: string[];
  mail: { smtpUrl?: string; from: string; outboxDir: string; supportEmail: string };
  /** D20: undefined when no captcha provider is configured. */
  turnstile?: { siteKey: string; secretKey: string; verifyUrl: string };
  identity: {
    verificationTokenTtlHours: number;
    resendConfirmationPerHour: number;
    registrationsPerIpPerDay: number;
    registrationAttemptsPerIpPerHour: number;
    registrationBlockMinutes: number;
    loginFailuresPerWindow: number;
    loginFailureWindowMinutes: number;
    loginBlockMinutes: number;
  };
  credits: { reservationStaleMinutes: number };
  generation: {
    /** D10: undefined → the local sharp engine. */
    replicate?: { apiToken: string; primaryModel: string; fallbackModel: string; baseUrl: string };
    modelTimeoutMs: number;
    /** D11 */
    fallback: { failureThreshold: number; durationMinutes: number; recoveryIntervalMinutes: number };
    /** D12 */
    upload: { maxBytes: number; maxMegapixels: number };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value means "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const value = cleaned[name];
        const shown = value === undefined || /SECRET|PASSWORD|URL|KEY/.test(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    database: {
      url: env.DATABASE_URL,
      embedded: {
        dir: path.resolve(REPO_ROOT, env.EMBEDDED_PG_DIR ?? '.data/postgres'),
        port: env.EMBEDDED_PG_PORT,
      },
    },
    session: { secret: env.SESSION_SECRET, secure: publicUrl.protocol === 'https:' },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    frontendDistDir: path.resolve(REPO_ROOT, env.FRONTEND_DIST_DIR ?? 'frontend/dist'),
    wsHeartbeatMs: env.WS_HEARTBEAT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    community: { cacheTtlMs: env.COMMUNITY_CACHE_TTL_MS },
    site: { demoVideoUrl: env.DEMO_VIDEO_URL ?? null },
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.resolve(REPO_ROOT, env.MAIL_OUTBOX_DIR ?? '.data/outbox'),
      supportEmail: env.SUPPORT_EMAIL,
    },
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
    },
    credits: { reservationStaleMinutes: env.CREDIT_RESERVATION_STALE_MINUTES },
    generation: {
      replicate: env.REPLICATE_API_TOKEN
        ? {
            apiToken: env.REPLICATE_API_TOKEN,
            primaryModel: env.REPLICATE_PRIMARY_MODEL,
            fallbackModel: env.REPLICATE_FALLBACK_MODEL,
            baseUrl: env.REPLICATE_BASE_URL,
          }
        : undefined,
      modelTimeoutMs: env.MODEL_TIMEOUT_MS,
      fallback: {
        failureThreshold: env.FALLBACK_FAILURE_THRESHOLD,
        durationMinutes: env.FALLBACK_DURATION_MINUTES,
        recoveryIntervalMinutes: env.FALLBACK_RECOVERY_INTERVAL_MINUTES,
      },
      upload: { maxBytes: env.UPLOAD_MAX_BYTES, maxMegapixels: env.UPLOAD_MAX_MEGAPIXELS },
    },
  };
}

/** Injection token for the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
