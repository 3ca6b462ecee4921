import { z } from 'zod';
import { bool, type EnvOf, httpUrl } from '../../config/env-types';
import type { PeriodLength } from './domain/subscription-rules';

const PERIOD = /^(\d+)(s|m|h|d|mo)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1mo" → one calendar month; "30d", "12h", "10m", "90s" → fixed lengths. */
export function parsePeriod(value: string): PeriodLength {
  const match = PERIOD.exec(value);
  if (!match) throw new RangeError(`expected a period such as 1mo, 30d, 10m (got ${value})`);
  const n = Number(match[1]);
  const unit = match[2] as keyof typeof UNIT_MS | 'mo';
  return unit === 'mo' ? { months: n } : { ms: n * UNIT_MS[unit] };
}

/** Billing's environment (D27, D30). */
export const billingEnv = {
  // D27: Stripe when a secret key is set (the webhook secret is then required too), else the
  // local test checkout (D30).
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'expected an sk_test_…, sk_live_… or rk_… key').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'expected whsec_…').optional(),
  // Development and tests only: another host for the official SDK (a fake Stripe server).
  STRIPE_API_BASE: httpUrl.optional(),
  // D30: how long one local billing period lasts (1mo, 30d, 10m, 90s).
  LOCAL_BILLING_PERIOD: z
    .string()
    .regex(PERIOD, 'expected a period such as 1mo, 30d, 10m or 90s')
    .refine((v) => Number(PERIOD.exec(v)?.[1]) > 0, 'must be longer than 0')
    .default('1mo'),
  // The local checkout takes no money: in production it must be asked for by name.
  LOCAL_CHECKOUT_IN_PRODUCTION: bool.default(false),
};

type BillingEnv = EnvOf<typeof billingEnv> & { NODE_ENV: string };

export function checkBillingEnv(env: BillingEnv, ctx: z.RefinementCtx): void {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
  }
  if (env.STRIPE_API_BASE && env.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: 'is for development and tests only' });
  }
  if (!env.STRIPE_SECRET_KEY && env.NODE_ENV === 'production' && !env.LOCAL_CHECKOUT_IN_PRODUCTION) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'is required when NODE_ENV=production (or set LOCAL_CHECKOUT_IN_PRODUCTION=true to sell with the local test checkout, which takes no money)',
    });
  }
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The SDK's host, port and protocol when STRIPE_API_BASE is set. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

export function billingConfig(env: EnvOf<typeof billingEnv>) {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe: StripeSettings | undefined =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          api: base
            ? {
                host: base.hostname,
                port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
                protocol: base.protocol === 'https:' ? 'https' : 'http',
              }
            : null,
        }
      : undefined;
  return {
    billing: {
      /** D27: undefined → the local test checkout (D30). */
      stripe,
      /** D30 */
      localPeriod: parsePeriod(env.LOCAL_BILLING_PERIOD),
    },
  };
}
