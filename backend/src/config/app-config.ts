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
    SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).default(10000),
  })
  .superRefine((env, ctx) => {
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
        const shown = value === undefined || /SECRET|PASSWORD|URL/.test(name) ? '' : ` (got "${value}")`;
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
  };
}

/** Injection token for the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
