/**
 * The billing feature's calls (001 §7, D27-D30): the catalogue the pricing page reads (D8: no
 * price is written in the client), starting a checkout, the checkout sessions the success page
 * confirms and polls, the local test checkout (D30), and the profile's billing card.
 * The shapes are the server's (ADR 0027, shared/api/contract.ts). The pages read the answers
 * leniently where 001 says what a missing value shows ("Payment Setup Failed" without a
 * checkoutUrl, "N/A" without an amount, "Contact support" without a date, the month as the default
 * interval); each reading is checked against its contract type (readsContract).
 */
import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import type { ApiAnswer, ApiBody, ApiSchema } from '../../../shared/api/contract';
import { everyValueOf, lenientList, parseResponse, readsContract } from '../../../shared/api/parse-response';

// ---------------------------------------------------------------------------------------------
// Shared pieces

export type PlanTier = ApiSchema<'PlanTier'>;
export const PLAN_TIERS = everyValueOf<PlanTier>()(['starter', 'creator', 'pro']);
export type PackId = ApiSchema<'PackId'>;
export const PACK_IDS = everyValueOf<PackId>()(['pack1', 'pack7', 'pack15', 'pack45']);

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);
}

export function isPackId(value: unknown): value is PackId {
  return typeof value === 'string' && (PACK_IDS as readonly string[]).includes(value);
}

const planTierSchema = z.enum(PLAN_TIERS);
const packIdSchema = z.enum(PACK_IDS);
/** A count the client can show; a missing or broken one reads as 0. */
const count = z.catch(z.number(), 0);
const flag = z.catch(z.boolean(), false);
const nullableText = z.catch(z.nullable(z.string()), null);
const nullableNumber = z.catch(z.nullable(z.number()), null);
const currency = z.catch(z.string().check(z.minLength(3)), 'usd');
const id = z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))]);

// ---------------------------------------------------------------------------------------------
// GET /api/billing/catalogue (public, D8)

const planSchema = z.object({
  tier: planTierSchema,
  name: z.string(),
  priceCents: z.number(),
  monthlyCredits: z.number(),
  interval: z.catch(z.string(), 'month'),
  /** 001 §3 "colour": the card's accent. */
  colour: z.catch(z.string(), '#7c3aed'),
  features: z.catch(z.array(z.string()), []),
  popular: flag,
});
export type Plan = z.output<typeof planSchema>;
readsContract<Plan, ApiSchema<'PlanResponse'>>();

const packSchema = z.object({
  id: packIdSchema,
  name: z.string(),
  priceCents: z.number(),
  credits: z.number(),
});
export type Pack = z.output<typeof packSchema>;
readsContract<Pack, ApiSchema<'PackResponse'>>();

export const catalogueSchema = z.object({
  currency,
  provider: z.catch(z.string(), 'stripe'),
  plans: z.array(planSchema),
  packs: z.array(packSchema),
});
export type Catalogue = z.output<typeof catalogueSchema>;
readsContract<Catalogue, ApiAnswer<'/api/billing/catalogue', 'get'>>();

// ---------------------------------------------------------------------------------------------
// POST /api/purchase-credits, POST /api/create-subscription

/** `checkoutUrl` null or missing means "no checkout was created" (001 §8 "Payment Setup Failed"). */
const checkoutUrl = z.catch(z.nullable(z.string().check(z.minLength(1))), null);

const purchaseAnswerSchema = z.object({ checkoutUrl });
export type PurchaseAnswer = z.output<typeof purchaseAnswerSchema>;
readsContract<PurchaseAnswer, ApiAnswer<'/api/purchase-credits', 'post'>>();

const planChangeSchema = z.object({
  from: z.catch(z.nullable(z.string()), null),
  to: planTierSchema,
  effective: z.enum(['now', 'next_renewal']),
  effectiveAt: nullableText,
  creditsGranted: count,
});
export type PlanChange = z.output<typeof planChangeSchema>;
readsContract<PlanChange, ApiSchema<'PlanChangeResponse'>>();

const subscribeAnswerSchema = z.object({
  checkoutUrl,
  /** D28: a subscriber's plan is switched in place, without a checkout. */
  planChange: z.catch(z.nullable(planChangeSchema), null),
});
export type SubscribeAnswer = z.output<typeof subscribeAnswerSchema>;
readsContract<SubscribeAnswer, ApiAnswer<'/api/create-subscription', 'post'>>();

// ---------------------------------------------------------------------------------------------
// Checkout sessions (D27) and the local test checkout (D30)

const itemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pack'), pack: z.string(), name: z.string(), credits: count }),
  z.object({ kind: z.literal('subscription'), tier: z.string(), name: z.string(), credits: count }),
]);
export type CheckoutItem = z.output<typeof itemSchema>;
readsContract<CheckoutItem, ApiAnswer<'/api/checkout/sessions/{id}', 'get'>['item']>();

const sessionStatus = z.catch(z.enum(['open', 'complete', 'expired']), 'open');

const balanceSchema = z.object({ balance: count, regular: count, watermarked: count });

const checkoutSessionSchema = z.object({
  sessionId: z.string(),
  status: sessionStatus,
  fulfilled: flag,
  item: itemSchema,
  amountCents: count,
  currency,
  credits: z.catch(z.nullable(balanceSchema), null),
});
export type CheckoutSession = z.output<typeof checkoutSessionSchema>;
readsContract<CheckoutSession, ApiAnswer<'/api/checkout/sessions/{id}', 'get'>>();

const localCheckoutSessionSchema = z.object({
  sessionId: z.string(),
  status: sessionStatus,
  item: itemSchema,
  amountCents: count,
  currency,
  email: nullableText,
});
export type LocalCheckoutSession = z.output<typeof localCheckoutSessionSchema>;
readsContract<LocalCheckoutSession, ApiAnswer<'/api/local-checkout/sessions/{id}', 'get'>>();

/** The local checkout's card form (D30; expiry as MM/YY) and the session it pays. */
export type LocalPayment = ApiBody<'/api/local-checkout/sessions/{id}/pay', 'post'> & { sessionId: string };

const redirectAnswerSchema = z.object({ redirectUrl: z.string().check(z.minLength(1)) });
export type RedirectAnswer = z.output<typeof redirectAnswerSchema>;
readsContract<RedirectAnswer, ApiAnswer<'/api/local-checkout/sessions/{id}/pay', 'post'>>();

// ---------------------------------------------------------------------------------------------
// GET /api/user/billing (001 §3 "Billing response")

const subscriptionSchema = z.object({
  id: z.catch(id, ''),
  /** active, past_due, trialing, incomplete, canceled, unpaid, ... (the provider's words). */
  status: z.catch(z.string(), 'unknown'),
  tier: nullableText,
  planName: nullableText,
  /** cents; null when unknown (001 §2: "N/A if no amount"). */
  amount: nullableNumber,
  currency,
  interval: z.catch(z.pipe(z.nullable(z.string()), z.transform((value) => value ?? 'month')), 'month'),
  /** unix seconds (001 §9: "timestamps in seconds multiplied by 1000"). */
  currentPeriodEnd: nullableNumber,
  cancelAtPeriodEnd: flag,
  /** D28: a downgrade waiting for the next renewal. */
  pendingTier: z.catch(z.nullable(z.string()), null),
});
export type Subscription = z.output<typeof subscriptionSchema>;
readsContract<Subscription, ApiSchema<'SubscriptionResponse'>>();

const paymentMethodSchema = z.object({
  card: z.object({
    brand: z.catch(z.string(), 'Card'),
    last4: z.catch(z.string(), '••••'),
    expMonth: nullableNumber,
    expYear: nullableNumber,
  }),
});
export type PaymentMethod = z.output<typeof paymentMethodSchema>;
readsContract<PaymentMethod, ApiSchema<'PaymentMethodResponse'>>();

const creditPurchaseSchema = z.object({
  id: z.catch(id, ''),
  /** credits */
  amount: count,
  description: z.catch(z.string(), ''),
  /** ISO date */
  date: nullableText,
  /** cents */
  cost: count,
  paymentMethod: z.catch(z.string(), ''),
});
export type CreditPurchase = z.output<typeof creditPurchaseSchema>;
readsContract<CreditPurchase, ApiSchema<'CreditPurchaseResponse'>>();

const invoiceSchema = z.object({
  id: z.catch(id, ''),
  /** cents */
  amountPaid: count,
  currency,
  /** unix seconds */
  created: nullableNumber,
  status: z.catch(z.string(), 'unknown'),
  hostedInvoiceUrl: z.catch(z.nullable(z.string()), null),
});
export type Invoice = z.output<typeof invoiceSchema>;
readsContract<Invoice, ApiSchema<'InvoiceResponse'>>();


export const billingSchema = z.object({
  provider: z.catch(z.string(), 'stripe'),
  subscription: z.pipe(
    z.catch(z.optional(z.nullable(subscriptionSchema)), null),
    z.transform((subscription) => subscription ?? null),
  ),
  paymentMethods: lenientList(paymentMethodSchema),
  /** credits bought in packs, all time */
  totalCredits: count,
  purchaseCount: count,
  creditPurchases: lenientList(creditPurchaseSchema),
  invoices: lenientList(invoiceSchema),
  /** parts the provider could not answer right now, e.g. ['paymentMethods'] */
  unavailable: z.catch(z.array(z.string()), []),
});
export type Billing = z.output<typeof billingSchema>;
readsContract<Billing, ApiAnswer<'/api/user/billing', 'get'>>();

// ---------------------------------------------------------------------------------------------
// Cancel and resume (001 §5, §7, §8)

export type CancelSubscriptionRequest = ApiBody<'/api/user/cancel-subscription', 'post'>;

const cancelAnswerSchema = z.object({
  /** An ISO date, or 'Contact support for details' (001 §7). */
  accessUntil: nullableText,
  message: z.catch(z.optional(z.string()), undefined),
});
export type CancelAnswer = z.output<typeof cancelAnswerSchema>;
readsContract<CancelAnswer, ApiAnswer<'/api/user/cancel-subscription', 'post'>>();

/** The billing card is fetched again after a resume; the answer itself is not read. */
type ResumeAnswer = ApiAnswer<'/api/user/resume-subscription', 'post'>;

/** What changes after money moved or a plan changed: the user (tier), the balance, the billing card. */
const AFTER_PURCHASE = ['User', 'Credits', 'Billing'] as const;

function sessionPath(sessionId: string, suffix = ''): string {
  return `/checkout/sessions/${encodeURIComponent(sessionId)}${suffix}`;
}

function localSessionPath(sessionId: string, suffix = ''): string {
  return `/local-checkout/sessions/${encodeURIComponent(sessionId)}${suffix}`;
}

export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/billing/catalogue: plans and packs with their prices (D8). */
    getCatalogue: build.query<Catalogue, void>({
      query: () => '/billing/catalogue',
      transformResponse: parseResponse(catalogueSchema),
      providesTags: ['Catalogue'],
      keepUnusedDataFor: 300,
    }),

    /** POST /api/purchase-credits {pack} → {checkoutUrl} (001 §7). */
    purchaseCredits: build.mutation<PurchaseAnswer, PackId>({
      query: (pack) => ({ url: '/purchase-credits', method: 'POST', body: { pack } }),
      transformResponse: parseResponse(purchaseAnswerSchema),
    }),

    /**
     * POST /api/create-subscription {tier} → {checkoutUrl}, or for a subscriber (D28)
     * {checkoutUrl: null, planChange}: then the plan changed in place and everything is refetched.
     */
    createSubscription: build.mutation<SubscribeAnswer, PlanTier>({
      query: (tier) => ({ url: '/create-subscription', method: 'POST', body: { tier } }),
      transformResponse: parseResponse(subscribeAnswerSchema),
      invalidatesTags: (answer) => (answer?.planChange ? [...AFTER_PURCHASE] : []),
    }),

    /** POST /api/checkout/sessions/{id}/confirm: runs fulfilment from the redirect (D27), idempotent. */
    confirmCheckoutSession: build.mutation<CheckoutSession, string>({
      query: (sessionId) => ({ url: sessionPath(sessionId, '/confirm'), method: 'POST' }),
      transformResponse: parseResponse(checkoutSessionSchema),
    }),

    /** GET /api/checkout/sessions/{id}: read only; the success page polls it until fulfilled. */
    getCheckoutSession: build.query<CheckoutSession, string>({
      query: (sessionId) => sessionPath(sessionId),
      transformResponse: parseResponse(checkoutSessionSchema),
      keepUnusedDataFor: 0,
    }),

    /** GET /api/local-checkout/sessions/{id} (D30). */
    getLocalCheckoutSession: build.query<LocalCheckoutSession, string>({
      query: (sessionId) => localSessionPath(sessionId),
      transformResponse: parseResponse(localCheckoutSessionSchema),
      keepUnusedDataFor: 0,
    }),

    /** POST /api/local-checkout/sessions/{id}/pay → {redirectUrl} (D30). */
    payLocalCheckout: build.mutation<RedirectAnswer, LocalPayment>({
      query: ({ sessionId, ...card }) => ({ url: localSessionPath(sessionId, '/pay'), method: 'POST', body: card }),
      transformResponse: parseResponse(redirectAnswerSchema),
    }),

    /** POST /api/local-checkout/sessions/{id}/cancel → {redirectUrl} (D30). */
    cancelLocalCheckout: build.mutation<RedirectAnswer, string>({
      query: (sessionId) => ({ url: localSessionPath(sessionId, '/cancel'), method: 'POST' }),
      transformResponse: parseResponse(redirectAnswerSchema),
    }),

    /** GET /api/user/billing (001 §7): run only for subscribed or paid-tier users. */
    getBilling: build.query<Billing, void>({
      query: () => '/user/billing',
      transformResponse: parseResponse(billingSchema),
      providesTags: ['Billing'],
    }),

    /** POST /api/user/cancel-subscription (001 §5, §7); the billing card is refetched afterwards. */
    cancelSubscription: build.mutation<CancelAnswer, CancelSubscriptionRequest>({
      query: (body) => ({ url: '/user/cancel-subscription', method: 'POST', body }),
      transformResponse: parseResponse(cancelAnswerSchema),
      invalidatesTags: (_answer, error) => (error ? [] : ['Billing', 'User']),
    }),

    /** POST /api/user/resume-subscription: undoes a cancellation before the period ends. */
    resumeSubscription: build.mutation<ResumeAnswer, void>({
      query: () => ({ url: '/user/resume-subscription', method: 'POST' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Billing', 'User']),
    }),
  }),
});

export const {
  useGetCatalogueQuery,
  usePurchaseCreditsMutation,
  useCreateSubscriptionMutation,
  useConfirmCheckoutSessionMutation,
  useGetCheckoutSessionQuery,
  useGetLocalCheckoutSessionQuery,
  usePayLocalCheckoutMutation,
  useCancelLocalCheckoutMutation,
  useGetBillingQuery,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = billingApi;

/** Tags to refresh once a checkout has been fulfilled (the success page). */
export const TAGS_AFTER_PURCHASE = AFTER_PURCHASE;
