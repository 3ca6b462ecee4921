import * as path from 'node:path';
import { z } from 'zod';
import { billingConfig, billingEnv, checkBillingEnv } from '../modules/billing/billing.config';
import { communityConfig, communityEnv } from '../modules/community/community.config';
import { creditsConfig, creditsEnv } from '../modules/credits/credits.config';
import { checkGenerationEnv, generationConfig, generationEnv } from '../modules/generation/generation.config';
import { checkIdentityEnv, identityConfig, identityEnv } from '../modules/identity/identity.config';
import { checkImagesEnv, imagesConfig, imagesEnv } from '../modules/images/images.config';
import { supportConfig, supportEnv } from '../modules/support/support.config';
import { toolsConfig, toolsEnv } from '../modules/tools/tools.config';
import { mailConfig, mailEnv } from '../shared/mail/mail.config';
import { checkProvenanceEnv, provenanceConfig, provenanceEnv } from '../shared/provenance/provenance.config';
import { bool, type EnvOf, httpUrl, milliseconds, port, positiveInt, postgresUrl } from './env-types';
import type { PoolSettings } from '../database/database-options';

/** The repository root: backend/src/config → ../../.. and backend/dist/config → ../../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The core of the environment (server, database, session, HTTP). Each context owns a slice of its
 * own (`modules/<ctx>/<ctx>.config.ts`, `shared/mail/mail.config.ts`): its variables with the
 * decisions' values as defaults, and how they become its part of AppConfig. This file only
 * composes them; `.env.example` documents every variable.
 */
const coreEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: postgresUrl.optional(),
  EMBEDDED_PG_DIR: z.string().min(1).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  // Issue 24: the connection pool and how long a statement, a lock wait or an idle transaction may
  // hold one of its connections (0 = no limit).
  DB_POOL_SIZE: positiveInt.max(1000).default(10),
  DB_POOL_WAIT_MS: milliseconds.min(100).default(10_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds.min(0).default(30_000),
  DB_LOCK_TIMEOUT_MS: milliseconds.min(0).default(5_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.min(0).default(60_000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Swagger UI at /api/docs and the document at /api/docs-json. Default: on, except when
  // NODE_ENV=production.
  API_DOCS: bool.optional(),
  JSON_BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'expected a size such as 100kb or 1mb')
    .default('1mb'),
  FRONTEND_DIST_DIR: z.string().min(1).optional(),
  WS_HEARTBEAT_MS: milliseconds.min(50).default(30000),
  SHUTDOWN_TIMEOUT_MS: milliseconds.min(0).default(10000),
  // The landing page's demo video (https URL or a same-origin path); a poster shows when unset.
  DEMO_VIDEO_URL: z
    .string()
    .refine((v) => (/^https:\/\//.test(v) && URL.canParse(v)) || /^\/[^/\\\s][^\s]*$/.test(v), {
      message: 'expected an https:// URL or a path starting with /',
    })
    .optional(),
};

/** Every environment variable the server reads: the core and each context's slice. */
export const envSchema = z
  .object({ ...coreEnv, ...mailEnv, ...identityEnv, ...creditsEnv, ...generationEnv, ...communityEnv, ...billingEnv, ...supportEnv, ...toolsEnv, ...imagesEnv, ...provenanceEnv })
  .superRefine((env, ctx) => {
    checkIdentityEnv(env, ctx);
    checkBillingEnv(env, ctx);
    checkImagesEnv(env, ctx);
    checkGenerationEnv(env, ctx);
    checkProvenanceEnv(env, ctx);
    if (env.MODEL_TIMEOUT_MS >= env.CREDIT_RESERVATION_STALE_MINUTES * 60_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['MODEL_TIMEOUT_MS'],
        message: 'must be shorter than CREDIT_RESERVATION_STALE_MINUTES, or a slow generation loses its reserved credit',
      });
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

function coreConfig(env: EnvOf<typeof coreEnv>) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** The origin people reach the app at; links in mails and the same-origin check use it. */
    publicUrl,
    /** True when PUBLIC_URL is set: then it alone is the app's origin (never the Host header). */
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS). */
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    database: {
      url: env.DATABASE_URL,
      embedded: {
        dir: path.resolve(REPO_ROOT, env.EMBEDDED_PG_DIR ?? '.data/postgres'),
        port: env.EMBEDDED_PG_PORT,
      },
      pool: {
        size: env.DB_POOL_SIZE,
        waitMs: env.DB_POOL_WAIT_MS,
        statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
        idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    } as { url?: string; embedded: { dir: string; port: number }; pool: PoolSettings },
    session: { secret: env.SESSION_SECRET, secure: publicUrl.protocol === 'https:' },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL as string,
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    frontendDistDir: path.resolve(REPO_ROOT, env.FRONTEND_DIST_DIR ?? 'frontend/dist'),
    wsHeartbeatMs: env.WS_HEARTBEAT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    site: { demoVideoUrl: env.DEMO_VIDEO_URL ?? null },
  };
}

/** The validated configuration: the core plus each context's slice. */
export type AppConfig = ReturnType<typeof coreConfig> &
  ReturnType<typeof mailConfig> &
  ReturnType<typeof identityConfig> &
  ReturnType<typeof creditsConfig> &
  ReturnType<typeof generationConfig> &
  ReturnType<typeof communityConfig> &
  ReturnType<typeof billingConfig> &
  ReturnType<typeof supportConfig> &
  ReturnType<typeof toolsConfig> &
  ReturnType<typeof imagesConfig> &
  ReturnType<typeof provenanceConfig>;

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
  return {
    ...coreConfig(env),
    ...mailConfig(env, REPO_ROOT),
    ...identityConfig(env),
    ...creditsConfig(env),
    ...generationConfig(env),
    ...communityConfig(env),
    ...billingConfig(env),
    ...supportConfig(env),
    ...toolsConfig(env),
    ...imagesConfig(env),
    ...provenanceConfig(env, REPO_ROOT),
  };
}

/** Injection token for the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
