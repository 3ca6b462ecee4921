/** Fixtures for the billing feature's tests: answers shaped like the server's (001 §3, §7). */
import type { ApiAnswer, ApiSchema } from '../../shared/api/contract';
import { userBody } from '../../test/contract-answers';

export const CATALOGUE: ApiAnswer<'/api/billing/catalogue', 'get'> = {
  currency: 'usd',
  provider: 'stripe',
  plans: [
    {
      tier: 'starter',
      name: 'Starter',
      priceCents: 1900,
      monthlyCredits: 45,
      interval: 'month',
      colour: '#3b82f6',
      features: ['45 image generations a month', 'Image history in My Edits'],
      popular: false,
    },
    {
      tier: 'creator',
      name: 'Creator',
      priceCents: 2900,
      monthlyCredits: 70,
      interval: 'month',
      colour: '#8b5cf6',
      features: ['70 image generations a month', 'In-app editor (coming soon)'],
      popular: true,
    },
    {
      tier: 'pro',
      name: 'Pro',
      priceCents: 4900,
      monthlyCredits: 140,
      interval: 'month',
      colour: '#db2777',
      features: ['140 image generations a month', 'Early access to new features'],
      popular: false,
    },
  ],
  packs: [
    { id: 'pack1', name: '1 credit', priceCents: 100, credits: 1 },
    { id: 'pack7', name: '7 credits', priceCents: 500, credits: 7 },
    { id: 'pack15', name: '15 credits', priceCents: 1000, credits: 15 },
    { id: 'pack45', name: '45 credits', priceCents: 2500, credits: 45 },
  ],
};

export const FREE_USER = userBody({ id: '5', email: 'fran@example.com', username: 'fran' });

export const SUBSCRIBER = userBody({ ...FREE_USER, isSubscribed: true, subscriptionTier: 'creator' });
export const PACK_BUYER = userBody({ ...FREE_USER, subscriptionTier: 'paid' });

/** 2030-12-31T12:00:00Z, noon so that no time zone moves the day. */
export const PERIOD_END_S = Date.UTC(2030, 11, 31, 12) / 1000;

export const SUBSCRIPTION: ApiSchema<'SubscriptionResponse'> = {
  id: 'sub_1',
  status: 'active',
  tier: 'starter',
  planName: 'Starter',
  amount: 1900,
  currency: 'usd',
  interval: 'month',
  currentPeriodEnd: PERIOD_END_S,
  cancelAtPeriodEnd: false,
  pendingTier: null,
};

export const BILLING: ApiAnswer<'/api/user/billing', 'get'> = {
  provider: 'stripe',
  subscription: SUBSCRIPTION,
  paymentMethods: [{ card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } }],
  totalCredits: 0,
  purchaseCount: 0,
  creditPurchases: [],
  invoices: [
    {
      id: 'in_1',
      amountPaid: 1900,
      currency: 'usd',
      created: Date.UTC(2030, 10, 30, 12) / 1000,
      status: 'paid',
      hostedInvoiceUrl: 'https://invoice.example/in_1',
    },
  ],
  unavailable: [],
};

type CheckoutSessionAnswer = ApiAnswer<'/api/checkout/sessions/{id}', 'get'>;

export function checkoutSession(overrides: Partial<CheckoutSessionAnswer> = {}): CheckoutSessionAnswer {
  return {
    sessionId: 'cs_1',
    status: 'complete',
    fulfilled: false,
    item: { kind: 'pack', pack: 'pack7', name: '7 credits', credits: 7 },
    amountCents: 500,
    currency: 'usd',
    credits: { balance: 9, regular: 7, watermarked: 2 },
    ...overrides,
  };
}

type LocalSessionAnswer = ApiAnswer<'/api/local-checkout/sessions/{id}', 'get'>;

export function localSession(overrides: Partial<LocalSessionAnswer> = {}): LocalSessionAnswer {
  return {
    sessionId: 'cs_local_1',
    status: 'open',
    item: { kind: 'pack', pack: 'pack7', name: '7 credits', credits: 7 },
    amountCents: 500,
    currency: 'usd',
    email: 'fran@example.com',
    ...overrides,
  };
}
