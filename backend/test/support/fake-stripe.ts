import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API, speaking the wire format of the official `stripe` SDK (v23,
 * API version 2026-10-28.endive) so the real adapter runs unchanged against it (STRIPE_API_BASE):
 *
 *   requests   form-encoded bodies with bracket keys (`line_items[0][price_data][unit_amount]=500`),
 *              every value a string ('true', '500'); GET parameters in the query string;
 *              `Authorization: Bearer <key>` (else 401); an `Idempotency-Key` on every POST (the
 *              SDK invents one when the caller gives none): the same key answers the same again.
 *   answers    JSON objects with `object` fields and Stripe-prefixed ids, in the modern shapes
 *              (subscription periods on the items, an invoice's subscription under
 *              `parent.subscription_details`, a line's price under `pricing.price_details`);
 *              errors as `{error:{type, code, message, param}}` with Stripe's statuses (400, 402, 404).
 *   webhooks   events POSTed to `webhookUrl` as pretty-printed JSON with a real `Stripe-Signature`.
 *
 * Implemented: customers (create, retrieve, update, list payment methods), checkout sessions
 * (create, retrieve, expire), subscriptions (retrieve, update, cancel), and retrieve for invoices,
 * payment intents, charges, disputes, payment methods, prices, products and events. Anything else
 * answers 404 as Stripe does for an unknown URL. Unknown parameters on the implemented calls are
 * refused (400 parameter_unknown) like Stripe, so a misspelt parameter fails a test.
 *
 * What a customer or time does on Stripe's side is done by the methods (payCheckout,
 * renewSubscription, endSubscription, refund, dispute …), which emit the events Stripe would.
 * A browser can pay too: a session's `url` is a small page here whose button pays with a card.
 */

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

/** Test cards (https://docs.stripe.com/testing). Any other number is a Visa/Mastercard/… that pays. */
export const CARD_OK = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';
export const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const DECLINING_CARDS: Record<string, string> = { [CARD_DECLINED]: 'generic_decline', [CARD_INSUFFICIENT_FUNDS]: 'insufficient_funds' };

// ---------------------------------------------------------------------------------------------
// Objects, in Stripe's JSON shapes. Top-level fields are picked from the SDK's own types so that a
// field the fake names differently from Stripe fails the type check; nested shapes the SDK types
// with classes (Decimal) or expandable unions are written out as the JSON carries them.
// ---------------------------------------------------------------------------------------------

export interface FakeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export type FakeCustomer = Pick<Stripe.Customer, 'id' | 'object' | 'balance' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'> & {
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null; rendering_options: null };
};

export type FakeProduct = Pick<Stripe.Product, 'id' | 'object' | 'active' | 'created' | 'description' | 'images' | 'livemode' | 'metadata' | 'name' | 'type' | 'updated' | 'url'>;

export type Interval = 'day' | 'week' | 'month' | 'year';

export type FakePrice = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'lookup_key' | 'metadata' | 'nickname' | 'tax_behavior' | 'type' | 'unit_amount'
> & {
  product: string;
  recurring: { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' } | null;
  /** a decimal string on the wire (the SDK turns it into a Decimal in API answers, not in events) */
  unit_amount_decimal: string | null;
};

export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & {
  customer: string | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  customer_details: { email: string | null } | null;
};

export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_end' | 'current_period_start' | 'metadata' | 'quantity' | 'subscription' | 'discounts' | 'tax_rates' | 'billing_thresholds'
> & { price: FakePrice };

export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'description'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_start'
> & {
  customer: string;
  default_payment_method: string | null;
  latest_invoice: string | null;
  items: FakeList<FakeSubscriptionItem>;
};

export type FakeInvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'discountable' | 'discounts' | 'livemode' | 'metadata' | 'parent' | 'period' | 'quantity' | 'subtotal'
> & {
  invoice: string;
  subscription: string | null;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string | null };
};

export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'description'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'status'
  | 'subtotal'
  | 'total'
> & {
  customer: string;
  lines: FakeList<FakeInvoiceLine>;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
};

export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string;
  funding: 'credit';
  display_brand: string;
}

export type FakePaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'created' | 'livemode' | 'metadata' | 'type'> & {
  customer: string | null;
  card: FakeCard;
  billing_details: { email: string | null; name: null; phone: null; address: null };
};

export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_capturable' | 'amount_received' | 'capture_method' | 'created' | 'currency' | 'description' | 'livemode' | 'metadata' | 'payment_method_types' | 'status'
> & { customer: string | null; latest_charge: string | null; payment_method: string | null };

export type FakeCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'receipt_url'
  | 'refunded'
  | 'status'
> & {
  customer: string | null;
  payment_intent: string | null;
  payment_method: string | null;
  payment_method_details: { type: 'card'; card: Pick<FakeCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'> };
};

export type FakeDispute = Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'created' | 'currency' | 'is_charge_refundable' | 'livemode' | 'metadata' | 'reason' | 'status'> & {
  charge: string;
  payment_intent: string | null;
};

export type FakeRefund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'created' | 'currency' | 'metadata' | 'reason' | 'status'> & {
  charge: string;
  payment_intent: string | null;
};

export type FakeObject =
  | FakeRefund
  | FakeCustomer
  | FakeProduct
  | FakePrice
  | FakeCheckoutSession
  | FakeSubscription
  | FakeInvoice
  | FakePaymentMethod
  | FakePaymentIntent
  | FakeCharge
  | FakeDispute;

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: FakeObject | Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

/** A form-encoded body or query string, parsed the way Stripe (and `qs`) read bracket keys. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export interface RecordedStripeRequest {
  method: string;
  /** without the query string */
  path: string;
  query: FormObject;
  body: FormObject;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  idempotencyKey: string | null;
  /** answered from the idempotency store, not executed again */
  replayed: boolean;
  /** the status answered (0 while running, -1 when the connection was dropped) */
  status: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** the endpoint's HTTP status, null when it could not be reached */
  status: number | null;
  error: string | null;
  at: Date;
}

export interface PaidCheckout {
  sessionId: string;
  /** false when the card was declined: the session stays open and no event is sent */
  paid: boolean;
  declineCode: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentMethodId: string | null;
  events: FakeEvent[];
}

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** where events are POSTed; without one, events wait (see releaseEvents) */
  webhookUrl?: string | null;
  /** false: every event waits until releaseEvents() or deliver() (same as holdEvents()) */
  autoDeliver?: boolean;
  /** The clock (ms) for `created` and periods; default Date.now. */
  now?: () => number;
}

export interface FakeStripe {
  /** http://127.0.0.1:PORT, for STRIPE_API_BASE */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE for the app */
  env: Record<string, string>;
  /** settings for StripePaymentGateway: { secretKey, webhookSecret, api } */
  settings: { secretKey: string; webhookSecret: string; api: { host: string; port: number; protocol: 'http' } };
  webhookUrl: string | null;
  /** Every API request, oldest first (including retries, replays and refused ones). */
  requests: RecordedStripeRequest[];
  /** Every event made, oldest first, delivered or not. */
  events: FakeEvent[];
  /** Every webhook POST, oldest first. */
  deliveries: WebhookDelivery[];
  /** Events made while held (or without a webhookUrl), not yet sent. */
  readonly pendingEvents: FakeEvent[];

  /** API requests matching a method and a path (a string is an exact path). */
  requestsTo(method: string, path: string | RegExp): RecordedStripeRequest[];
  /** A copy of a stored object (customer, session, subscription, invoice …) or of an event; throws if unknown. */
  get<T extends FakeObject | FakeEvent = FakeObject>(id: string): T;
  /** The events of one type, oldest first. */
  eventsOfType(type: string): FakeEvent[];
  /**
   * The PaymentIntent that paid an invoice (null if unpaid or paid by credit), e.g. to refund() a
   * subscription payment. Stripe links them through `invoice.payments`, which the fake leaves out.
   */
  paymentIntentOfInvoice(invoiceId: string): string | null;

  holdEvents(): void;
  /**
   * true: the events of an API call are sent, and their webhook answered, before the call is
   * answered (a webhook overtaking the answer, as a slow network can make it); default false.
   */
  eventsBeforeAnswer(on: boolean): void;
  /** Sends the held events in order (optionally reordered) and turns auto-delivery back on. */
  releaseEvents(options?: { order?: (events: FakeEvent[]) => FakeEvent[] }): Promise<WebhookDelivery[]>;
  /** Sends one event now (again: a replay), `times` times; not affected by holdEvents. */
  deliver(eventOrId: FakeEvent | string, options?: { times?: number }): Promise<WebhookDelivery[]>;
  /** The payload and Stripe-Signature header for one event, for a test that posts it itself. */
  signedDelivery(event: FakeEvent, options?: { timestamp?: number; secret?: string }): { payload: string; signature: string };
  /** Resolves when every queued webhook POST has been answered. */
  idle(): Promise<void>;

  /** Makes and stores an event of any type (e.g. one billing does not handle). */
  emitEvent(type: string, object: FakeObject | Record<string, unknown>, previousAttributes?: Record<string, unknown>): Promise<FakeEvent>;
  /** The customer pays an open Checkout Session (see PaidCheckout). */
  payCheckout(sessionId: string, options?: { card?: string; eventOrder?: string[] }): Promise<PaidCheckout>;
  /** A period ends: the next invoice is paid (or fails, or the subscription ends when set to cancel at period end). */
  renewSubscription(subscriptionId: string, options?: { fail?: boolean; eventOrder?: string[] }): Promise<FakeEvent[]>;
  /** An open invoice is paid (a retry after a failure): the subscription is active again. */
  payInvoice(invoiceId: string): Promise<FakeEvent[]>;
  /** The subscription ends now (status canceled, ended_at, customer.subscription.deleted). */
  endSubscription(subscriptionId: string): Promise<FakeEvent[]>;
  /**
   * The payment is refunded (charge.refunded): all of what is left of it, or `amount` cents of it
   * (a partial refund; several add up). Each makes a refund object (`GET /v1/refunds?charge=`).
   */
  refund(paymentIntentId: string, options?: { amount?: number }): Promise<FakeEvent[]>;
  /** The customer is deleted in the dashboard: Stripe answers 404 resource_missing for it from now on. */
  deleteCustomer(customerId: string): void;
  /**
   * Makes the next events (until set back to null) in another API version, as an endpoint created
   * with that version gets them (the objects keep the fake's own shape).
   */
  setEventApiVersion(version: string | null): void;
  /** The customer disputes the payment (charge.dispute.created). */
  dispute(paymentIntentId: string): Promise<FakeEvent[]>;
  /** The next charge of a saved card (plan change, renewal, invoice retry) is declined. */
  declineNextCharge(declineCode?: string): void;
  /** true: every API call answers 503; 'drop': every API call's connection is closed unanswered. */
  setUnavailable(unavailable: boolean | 'drop'): void;
  close(): Promise<void>;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeHttpError(400, { type: 'invalid_request_error', message, param, code });
const unknownParameter = (param: string) => invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
const noSuch = (status: 400 | 404, objectName: string, id: string, param: string) =>
  new StripeHttpError(status, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${objectName}: '${id}'`, param });

// ---------------------------------------------------------------------------------------------
// Form parsing: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }. Written here rather than importing
// `qs`, which only arrives as another package's dependency.
// ---------------------------------------------------------------------------------------------

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1], ...[...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: FormObject = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      // `a[]=x` appends, as qs reads it
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
        node = node[name] as FormObject;
      }
    });
  }
  return arraysFromIndexes(root) as FormObject;
}

/** Objects whose keys are exactly 0..n-1 become arrays (`items[0][id]`). */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  // Object.keys lists integer keys first, ascending: 0..n-1 in order means an array.
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const k of keys) converted[k] = arraysFromIndexes(value[k]);
  return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => converted[k]) : converted;
}

function asObject(value: FormValue | undefined, param: string): FormObject {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, param);
  return value;
}

function asString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  return value;
}

function requiredString(value: FormValue | undefined, param: string): string {
  const s = asString(value, param);
  if (s === undefined || s === '') throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  return s;
}

function asInteger(value: FormValue | undefined, param: string): number | undefined {
  const s = asString(value, param);
  if (s === undefined) return undefined;
  if (!/^-?\d+$/.test(s)) throw invalid(`Invalid integer: ${s}`, param);
  return Number(s);
}

function asBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  const s = asString(value, param);
  if (s === undefined) return undefined;
  if (s !== 'true' && s !== 'false') throw invalid(`Invalid boolean: ${s}`, param);
  return s === 'true';
}

function asArray(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value)) throw invalid(`Invalid array`, param);
  return value;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], param: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw invalid(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param);
  return value as T;
}

/** Stripe refuses parameters it does not know; so does the fake (a misspelt parameter fails a test). */
function onlyKeys(form: FormObject, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(form)) {
    if (!allowed.includes(key)) throw unknownParameter(prefix ? `${prefix}[${key}]` : key);
  }
}

/** Metadata values are strings; an empty value removes the key (Stripe's rule for updates). */
function metadataOf(value: FormValue | undefined, param: string, base: Record<string, string> = {}): Record<string, string> {
  if (value === '') return {};
  const form = asObject(value, param);
  const result = { ...base };
  for (const [k, v] of Object.entries(form)) {
    const s = asString(v, `${param}[${k}]`) ?? '';
    if (s === '') delete result[k];
    else result[k] = s;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${prefix}${s}`;
}

/** `anchor` plus `months` calendar months, clamped to the month's last day (as Stripe bills the 31st). */
function addMonths(anchorSeconds: number, months: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const target = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() + months, 1, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

function cardOf(number: string, year: number): FakeCard {
  const digits = number.replace(/\D/g, '');
  const brand = /^4/.test(digits) ? 'visa' : /^5[1-5]|^2[2-7]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : /^6/.test(digits) ? 'discover' : 'unknown';
  return { brand, last4: digits.slice(-4), exp_month: 12, exp_year: year + 3, country: 'US', funding: 'credit', display_brand: brand };
}

const clone = <T>(value: T): T => structuredClone(value);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface SessionExtras {
  lines: { price: FakePrice; quantity: number }[];
  paymentIntentMetadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
}

interface SubscriptionExtras {
  /** the billing cycle's anchor and the index of the current period from it */
  anchor: number;
  period: number;
  /** proration lines waiting for the next invoice (proration_behavior create_prorations) */
  pendingLines: Omit<FakeInvoiceLine, 'invoice'>[];
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

/** GET /v1/{resource}/{id}: which stored `object` each resource name serves, and its name in a 404. */
const RETRIEVABLE: Record<string, string> = {
  customers: 'customer',
  'checkout/sessions': 'checkout.session',
  subscriptions: 'subscription',
  invoices: 'invoice',
  payment_intents: 'payment_intent',
  charges: 'charge',
  disputes: 'dispute',
  refunds: 'refund',
  payment_methods: 'payment_method',
  prices: 'price',
  products: 'product',
  events: 'event',
};

const CHECKOUT_CREATE_PARAMS = [
  'customer',
  'customer_email',
  'client_reference_id',
  'metadata',
  'line_items',
  'mode',
  'payment_intent_data',
  'subscription_data',
  'success_url',
  'cancel_url',
  'expand',
  'allow_promotion_codes',
  'billing_address_collection',
  'customer_update',
  'locale',
  'payment_method_types',
  'expires_at',
  'ui_mode',
];
const SUBSCRIPTION_UPDATE_PARAMS = [
  'cancel_at_period_end',
  'items',
  'metadata',
  'proration_behavior',
  'payment_behavior',
  'proration_date',
  'default_payment_method',
  'description',
  'expand',
  'cancellation_details',
];
const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;
const PAYMENT_BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_fake${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const clock = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(clock() / 1000);

  const store = new Map<string, FakeObject>();
  const sessionExtras = new Map<string, SessionExtras>();
  const subscriptionExtras = new Map<string, SubscriptionExtras>();
  const idempotency = new Map<string, StoredAnswer>();
  const invoicePayments = new Map<string, string>();
  const requests: RecordedStripeRequest[] = [];
  const events: FakeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  let pending: FakeEvent[] = [];
  let held = options.autoDeliver === false;
  let eventsFirst = false;
  let webhookUrl: string | null = options.webhookUrl ?? null;
  let unavailable: boolean | 'drop' = false;
  let declineNext: string | null = null;
  let deliveryChain: Promise<unknown> = Promise.resolve();
  let origin = '';
  let invoiceCounter = 0;
  let eventApiVersion: string | null = null;

  // ---- store -------------------------------------------------------------------------------

  function put<T extends FakeObject>(object: T): T {
    store.set(object.id, object);
    return object;
  }

  function find<T extends FakeObject>(id: string, object: T['object']): T | undefined {
    const found = store.get(id);
    return found && found.object === object ? (found as T) : undefined;
  }

  function must<T extends FakeObject>(id: string, object: T['object']): T {
    const found = find<T>(id, object);
    if (!found) throw new Error(`fake Stripe has no ${object} ${id}`);
    return found;
  }

  /** Top-level `expand[]` only (e.g. `payment_intent`, `subscription`, `customer`). */
  function expanded(object: FakeObject, expand: FormValue | undefined): Record<string, unknown> {
    const copy = clone(object) as unknown as Record<string, unknown>;
    for (const path of asArray(expand, 'expand')) {
      if (typeof path !== 'string') continue;
      const value = copy[path];
      const target = typeof value === 'string' ? store.get(value) : undefined;
      if (target) copy[path] = clone(target);
    }
    return copy;
  }

  // ---- events and webhooks -------------------------------------------------------------------

  function makeEvent(type: string, object: FakeObject | Record<string, unknown>, previousAttributes?: Record<string, unknown>, request?: RecordedStripeRequest): FakeEvent {
    const event: FakeEvent = {
      id: randomId('evt_'),
      object: 'event',
      api_version: eventApiVersion ?? FAKE_STRIPE_API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: request ? randomId('req_', 14) : null, idempotency_key: request?.idempotencyKey ?? null },
      type,
      // A snapshot: the object as it was when the event happened, like Stripe's.
      data: { object: clone(object), ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}) },
    };
    events.push(event);
    return event;
  }

  function signedDelivery(event: FakeEvent, opts: { timestamp?: number; secret?: string } = {}) {
    // Stripe sends pretty-printed JSON and signs those exact bytes: the receiver must verify the raw body.
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp });
    return { payload, signature };
  }

  async function post(event: FakeEvent): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, status: null, error: null, at: new Date() };
    deliveries.push(delivery);
    if (!webhookUrl) {
      delivery.error = 'no webhookUrl';
      return delivery;
    }
    const { payload, signature } = signedDelivery(event);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  /** Queued one after another, so the endpoint receives events in the order they were sent. */
  function queue(event: FakeEvent): Promise<WebhookDelivery> {
    const next = deliveryChain.then(() => post(event));
    deliveryChain = next.catch(() => undefined);
    return next;
  }

  /** New events: sent now (in this order) unless held or there is nowhere to send them. */
  function dispatch(made: FakeEvent[]): Promise<unknown> {
    if (held || !webhookUrl) {
      pending.push(...made);
      return Promise.resolve();
    }
    return Promise.all(made.map(queue));
  }

  function ordered(made: FakeEvent[], order: string[] | undefined): FakeEvent[] {
    if (!order) return made;
    const rank = (e: FakeEvent) => {
      const i = order.indexOf(e.type);
      return i < 0 ? order.length : i;
    };
    return [...made].sort((a, b) => rank(a) - rank(b));
  }

  /** For the simulated actions: events made, dispatched, and (when sent) answered before returning. */
  async function emitAll(made: FakeEvent[], order?: string[]): Promise<FakeEvent[]> {
    const sorted = ordered(made, order);
    await dispatch(sorted);
    return sorted;
  }

  // ---- objects ------------------------------------------------------------------------------

  function newPrice(input: { currency: string; unitAmount: number; product: string; interval: Interval | null }): FakePrice {
    return put<FakePrice>({
      id: randomId('price_'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency: input.currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: input.product,
      recurring: input.interval ? { interval: input.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
      tax_behavior: 'unspecified',
      type: input.interval ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    });
  }

  function newProduct(name: string): FakeProduct {
    const created = nowSeconds();
    return put<FakeProduct>({
      id: randomId('prod_', 14),
      object: 'product',
      active: false,
      created,
      description: null,
      images: [],
      livemode: false,
      metadata: {},
      name,
      type: 'service',
      updated: created,
      url: null,
    });
  }

  function productName(productId: string): string {
    return find<FakeProduct>(productId, 'product')?.name ?? 'Subscription';
  }

  function newPaymentMethod(card: string, customer: string | null, email: string | null): FakePaymentMethod {
    return put<FakePaymentMethod>({
      id: randomId('pm_'),
      object: 'payment_method',
      created: nowSeconds(),
      livemode: false,
      metadata: {},
      type: 'card',
      customer,
      card: cardOf(card, new Date(clock()).getUTCFullYear()),
      billing_details: { email, name: null, phone: null, address: null },
    });
  }

  /** A successful card payment: a PaymentIntent and its Charge. */
  function newPayment(input: { amount: number; currency: string; customer: string | null; paymentMethod: FakePaymentMethod | null; metadata: Record<string, string>; description: string | null }) {
    const created = nowSeconds();
    const card = input.paymentMethod?.card ?? cardOf(CARD_OK, new Date(clock()).getUTCFullYear());
    const paymentIntent = put<FakePaymentIntent>({
      id: randomId('pi_'),
      object: 'payment_intent',
      amount: input.amount,
      amount_capturable: 0,
      amount_received: input.amount,
      capture_method: 'automatic_async',
      created,
      currency: input.currency,
      description: input.description,
      livemode: false,
      metadata: { ...input.metadata },
      payment_method_types: ['card'],
      status: 'succeeded',
      customer: input.customer,
      latest_charge: null,
      payment_method: input.paymentMethod?.id ?? null,
    });
    const charge = put<FakeCharge>({
      id: randomId('ch_'),
      object: 'charge',
      amount: input.amount,
      amount_captured: input.amount,
      amount_refunded: 0,
      captured: true,
      created,
      currency: input.currency,
      description: input.description,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: { ...input.metadata },
      paid: true,
      receipt_url: `${origin}/receipts/${paymentIntent.id}`,
      refunded: false,
      status: 'succeeded',
      customer: input.customer,
      payment_intent: paymentIntent.id,
      payment_method: input.paymentMethod?.id ?? null,
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } },
    });
    paymentIntent.latest_charge = charge.id;
    return { paymentIntent, charge };
  }

  function subscriptionLine(sub: FakeSubscription, item: FakeSubscriptionItem, amount: number, period: { start: number; end: number }, proration: boolean, description: string): Omit<FakeInvoiceLine, 'invoice'> {
    return {
      id: randomId('il_'),
      object: 'line_item',
      amount,
      currency: item.price.currency,
      description,
      discountable: !proration,
      discounts: [],
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: proration ? randomId('ii_') : null, proration, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
      },
      period,
      quantity: 1,
      subtotal: amount,
      subscription: sub.id,
      pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
    };
  }

  /**
   * An invoice of the subscription, finalized. `invoicePeriod` is what Stripe puts in
   * invoice.period_start/end for subscription invoices: the period *before* the invoice (for the
   * first, both are the creation time), not the one being paid for (that is on the lines).
   */
  function newInvoice(
    sub: FakeSubscription,
    billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    lines: Omit<FakeInvoiceLine, 'invoice'>[],
    invoicePeriod: { start: number; end: number },
  ): FakeInvoice {
    const customer = must<FakeCustomer>(sub.customer, 'customer');
    const id = randomId('in_');
    const created = nowSeconds();
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    // A customer credit (negative balance, e.g. from a downgrade invoiced at once) pays first.
    const startingBalance = customer.balance;
    const amountDue = Math.max(0, total + startingBalance);
    customer.balance = Math.min(0, total + startingBalance);
    invoiceCounter += 1;
    return put<FakeInvoice>({
      id,
      object: 'invoice',
      amount_due: amountDue,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: sub.currency,
      customer_email: customer.email,
      description: null,
      hosted_invoice_url: `${origin}/invoices/${id}`,
      invoice_pdf: `${origin}/invoices/${id}/pdf`,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `FAKE-${String(invoiceCounter).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      period_start: invoicePeriod.start,
      period_end: invoicePeriod.end,
      starting_balance: startingBalance,
      status: 'open',
      subtotal: total,
      total,
      customer: customer.id,
      lines: { object: 'list', data: lines.map((l) => ({ ...l, invoice: id })), has_more: false, url: `/v1/invoices/${id}/lines` },
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    });
  }

  /** Charges the invoice with the customer's saved card: paid, or (declineNextCharge) still open. */
  function collect(invoice: FakeInvoice): { paid: boolean; declineCode: string | null } {
    invoice.attempted = true;
    if (invoice.amount_due === 0) {
      markPaid(invoice);
      return { paid: true, declineCode: null };
    }
    invoice.attempt_count += 1;
    if (declineNext) {
      const declineCode = declineNext;
      declineNext = null;
      invoice.next_payment_attempt = nowSeconds() + 3 * 86_400;
      return { paid: false, declineCode };
    }
    markPaid(invoice);
    return { paid: true, declineCode: null };
  }

  function markPaid(invoice: FakeInvoice): void {
    const customer = must<FakeCustomer>(invoice.customer, 'customer');
    const pmId = customer.invoice_settings.default_payment_method;
    if (invoice.amount_due > 0) {
      const { paymentIntent } = newPayment({
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        paymentMethod: pmId ? (find<FakePaymentMethod>(pmId, 'payment_method') ?? null) : null,
        metadata: {},
        description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      });
      invoicePayments.set(invoice.id, paymentIntent.id);
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = nowSeconds();
  }

  function currentItem(sub: FakeSubscription): FakeSubscriptionItem {
    const item = sub.items.data[0];
    if (!item) throw new Error(`fake Stripe: subscription ${sub.id} has no item`);
    return item;
  }

  function setPeriod(sub: FakeSubscription, extras: SubscriptionExtras): void {
    for (const item of sub.items.data) {
      item.current_period_start = addMonths(extras.anchor, extras.period);
      item.current_period_end = addMonths(extras.anchor, extras.period + 1);
    }
  }

  // ---- simulated actions ----------------------------------------------------------------------

  async function payCheckout(sessionId: string, opts: { card?: string; eventOrder?: string[] } = {}): Promise<PaidCheckout> {
    const session = must<FakeCheckoutSession>(sessionId, 'checkout.session');
    const extras = sessionExtras.get(sessionId)!;
    if (session.status !== 'open') throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}, not open`);
    const card = opts.card ?? CARD_OK;
    const result: PaidCheckout = {
      sessionId,
      paid: false,
      declineCode: DECLINING_CARDS[card] ?? null,
      paymentIntentId: null,
      chargeId: null,
      subscriptionId: null,
      invoiceId: null,
      paymentMethodId: null,
      events: [],
    };
    // Declined on the payment page: the customer sees the error, the session stays open.
    if (result.declineCode) return result;

    const customer = session.customer ? must<FakeCustomer>(session.customer, 'customer') : null;
    const email = customer?.email ?? session.customer_email;
    const made: FakeEvent[] = [];
    if (session.mode === 'payment') {
      const pm = newPaymentMethod(card, null, email);
      const { paymentIntent, charge } = newPayment({
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        customer: session.customer,
        paymentMethod: pm,
        metadata: extras.paymentIntentMetadata,
        description: null,
      });
      session.payment_intent = paymentIntent.id;
      Object.assign(result, { paymentIntentId: paymentIntent.id, chargeId: charge.id, paymentMethodId: pm.id });
    } else {
      if (!customer) throw new Error('fake Stripe: subscription checkout without a customer');
      const pm = newPaymentMethod(card, customer.id, email);
      customer.invoice_settings.default_payment_method = pm.id;
      const created = nowSeconds();
      const subId = randomId('sub_');
      const { price, quantity } = extras.lines[0];
      const sub = put<FakeSubscription>({
        id: subId,
        object: 'subscription',
        billing_cycle_anchor: created,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created,
        currency: price.currency,
        description: null,
        ended_at: null,
        livemode: false,
        metadata: { ...extras.subscriptionMetadata },
        start_date: created,
        status: 'active',
        trial_end: null,
        trial_start: null,
        customer: customer.id,
        default_payment_method: pm.id,
        latest_invoice: null,
        items: {
          object: 'list',
          data: [
            {
              id: randomId('si_', 14),
              object: 'subscription_item',
              billing_thresholds: null,
              created,
              current_period_start: created,
              current_period_end: addMonths(created, 1),
              discounts: [],
              metadata: {},
              price,
              quantity,
              subscription: subId,
              tax_rates: [],
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subId}`,
        },
      });
      subscriptionExtras.set(subId, { anchor: created, period: 0, pendingLines: [] });
      const item = currentItem(sub);
      const line = subscriptionLine(sub, item, (price.unit_amount ?? 0) * quantity, { start: item.current_period_start, end: item.current_period_end }, false, `1 × ${productName(price.product)} (at $${((price.unit_amount ?? 0) / 100).toFixed(2)} / month)`);
      const invoice = newInvoice(sub, 'subscription_create', [line], { start: created, end: created });
      markPaid(invoice);
      sub.latest_invoice = invoice.id;
      session.subscription = sub.id;
      session.invoice = invoice.id;
      Object.assign(result, { subscriptionId: sub.id, invoiceId: invoice.id, paymentMethodId: pm.id });
      made.push(makeEvent('customer.subscription.created', sub), makeEvent('invoice.paid', invoice));
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer_details = { email };
    made.push(makeEvent('checkout.session.completed', session));
    result.paid = true;
    result.events = await emitAll(made, opts.eventOrder);
    return result;
  }

  async function renewSubscription(subscriptionId: string, opts: { fail?: boolean; eventOrder?: string[] } = {}): Promise<FakeEvent[]> {
    const sub = must<FakeSubscription>(subscriptionId, 'subscription');
    if (sub.status === 'canceled') throw new Error(`fake Stripe: subscription ${subscriptionId} has ended`);
    // A subscription set to cancel at period end ends instead of renewing.
    if (sub.cancel_at_period_end) return endSubscription(subscriptionId);
    const extras = subscriptionExtras.get(subscriptionId)!;
    const before = clone(sub);
    const item = currentItem(sub);
    const previous = { start: item.current_period_start, end: item.current_period_end };
    extras.period += 1;
    setPeriod(sub, extras);
    const lines = [
      ...extras.pendingLines,
      subscriptionLine(sub, item, (item.price.unit_amount ?? 0) * (item.quantity ?? 1), { start: item.current_period_start, end: item.current_period_end }, false, `1 × ${productName(item.price.product)}`),
    ];
    extras.pendingLines = [];
    const invoice = newInvoice(sub, 'subscription_cycle', lines, previous);
    if (opts.fail) declineNext = declineNext ?? 'generic_decline';
    const { paid } = collect(invoice);
    sub.latest_invoice = invoice.id;
    sub.status = paid ? 'active' : 'past_due';
    const made = [
      makeEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      makeEvent('customer.subscription.updated', sub, {
        items: before.items,
        latest_invoice: before.latest_invoice,
        ...(before.status !== sub.status ? { status: before.status } : {}),
      }),
    ];
    return emitAll(made, opts.eventOrder);
  }

  async function payInvoice(invoiceId: string): Promise<FakeEvent[]> {
    const invoice = must<FakeInvoice>(invoiceId, 'invoice');
    if (invoice.status !== 'open') throw new Error(`fake Stripe: invoice ${invoiceId} is ${invoice.status}, not open`);
    const { paid } = collect(invoice);
    const made = [makeEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice)];
    const subId = invoice.parent?.subscription_details?.subscription;
    const sub = typeof subId === 'string' ? find<FakeSubscription>(subId, 'subscription') : undefined;
    if (paid && sub && sub.status === 'past_due') {
      sub.status = 'active';
      made.push(makeEvent('customer.subscription.updated', sub, { status: 'past_due' }));
    }
    return emitAll(made);
  }

  function cancelNow(sub: FakeSubscription): FakeEvent {
    const now = nowSeconds();
    sub.status = 'canceled';
    sub.ended_at = now;
    sub.canceled_at = sub.canceled_at ?? now;
    return makeEvent('customer.subscription.deleted', sub);
  }

  async function endSubscription(subscriptionId: string): Promise<FakeEvent[]> {
    const sub = must<FakeSubscription>(subscriptionId, 'subscription');
    if (sub.status === 'canceled') throw new Error(`fake Stripe: subscription ${subscriptionId} has already ended`);
    return emitAll([cancelNow(sub)]);
  }

  function chargeOf(paymentIntentId: string): FakeCharge {
    const pi = must<FakePaymentIntent>(paymentIntentId, 'payment_intent');
    if (!pi.latest_charge) throw new Error(`fake Stripe: payment intent ${paymentIntentId} has no charge`);
    return must<FakeCharge>(pi.latest_charge, 'charge');
  }

  async function refund(paymentIntentId: string, opts: { amount?: number } = {}): Promise<FakeEvent[]> {
    const charge = chargeOf(paymentIntentId);
    const left = charge.amount - charge.amount_refunded;
    const amount = opts.amount ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) throw new Error(`fake Stripe: cannot refund ${amount} of charge ${charge.id} (${left} left)`);
    const before = { refunded: charge.refunded, amount_refunded: charge.amount_refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    put<FakeRefund>({
      id: randomId('re_'),
      object: 'refund',
      amount,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: {},
      reason: 'requested_by_customer',
      status: 'succeeded',
      charge: charge.id,
      payment_intent: charge.payment_intent,
    });
    return emitAll([makeEvent('charge.refunded', charge, before)]);
  }

  /** GET /v1/refunds?charge=: newest first, as Stripe lists. */
  function listRefunds(query: FormObject): FakeList<FakeRefund> {
    onlyKeys(query, ['charge', 'payment_intent', 'limit', 'starting_after', 'ending_before', 'expand', 'created']);
    const charge = asString(query.charge, 'charge');
    const limit = asInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
    const all = [...store.values()]
      .filter((o): o is FakeRefund => o.object === 'refund' && (!charge || o.charge === charge))
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.created - a.r.created || b.i - a.i)
      .map(({ r }) => r);
    const after = asString(query.starting_after, 'starting_after');
    const from = after ? all.findIndex((r) => r.id === after) + 1 : 0;
    const page = all.slice(from, from + limit);
    return { object: 'list', data: page, has_more: from + limit < all.length, url: '/v1/refunds' };
  }

  async function dispute(paymentIntentId: string): Promise<FakeEvent[]> {
    const charge = chargeOf(paymentIntentId);
    charge.disputed = true;
    const created = put<FakeDispute>({
      id: randomId('dp_'),
      object: 'dispute',
      amount: charge.amount,
      created: nowSeconds(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      reason: 'fraudulent',
      status: 'needs_response',
      charge: charge.id,
      payment_intent: charge.payment_intent,
    });
    return emitAll([makeEvent('charge.dispute.created', created)]);
  }

  // ---- API handlers ---------------------------------------------------------------------------

  function createCustomer(body: FormObject): FakeCustomer {
    onlyKeys(body, ['email', 'metadata', 'name', 'description', 'phone', 'expand']);
    return put<FakeCustomer>({
      id: randomId('cus_', 14),
      object: 'customer',
      balance: 0,
      created: nowSeconds(),
      description: asString(body.description, 'description') ?? null,
      email: asString(body.email, 'email') ?? null,
      livemode: false,
      metadata: metadataOf(body.metadata, 'metadata'),
      name: asString(body.name, 'name') ?? null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
    });
  }

  function updateCustomer(customer: FakeCustomer, body: FormObject): FakeCustomer {
    onlyKeys(body, ['email', 'metadata', 'name', 'description', 'invoice_settings', 'expand']);
    if (body.email !== undefined) customer.email = asString(body.email, 'email') || null;
    if (body.name !== undefined) customer.name = asString(body.name, 'name') || null;
    if (body.metadata !== undefined) customer.metadata = metadataOf(body.metadata, 'metadata', customer.metadata);
    const settings = asObject(body.invoice_settings, 'invoice_settings');
    onlyKeys(settings, ['default_payment_method'], 'invoice_settings');
    if (settings.default_payment_method !== undefined) {
      const pm = asString(settings.default_payment_method, 'invoice_settings[default_payment_method]') || null;
      if (pm && find<FakePaymentMethod>(pm, 'payment_method')?.customer !== customer.id) throw noSuch(400, 'PaymentMethod', pm, 'invoice_settings[default_payment_method]');
      customer.invoice_settings.default_payment_method = pm;
    }
    return customer;
  }

  function createCheckoutSession(body: FormObject): FakeCheckoutSession {
    onlyKeys(body, CHECKOUT_CREATE_PARAMS);
    const mode = oneOf(requiredString(body.mode, 'mode'), ['payment', 'subscription', 'setup'] as const, 'mode')!;
    if (mode === 'setup') throw invalid('The fake Stripe does not implement setup mode.', 'mode');
    const customerId = asString(body.customer, 'customer') ?? null;
    if (customerId && !find<FakeCustomer>(customerId, 'customer')) throw noSuch(400, 'customer', customerId, 'customer');
    const lineForms = asArray(body.line_items, 'line_items');
    if (lineForms.length === 0) throw invalid('line_items is required in payment and subscription mode.', 'line_items', 'parameter_missing');
    if (body.payment_intent_data !== undefined && mode !== 'payment') throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    if (body.subscription_data !== undefined && mode !== 'subscription') throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');

    const lines = lineForms.map((value, i) => {
      const p = `line_items[${i}]`;
      const line = asObject(value, p);
      onlyKeys(line, ['price', 'price_data', 'quantity', 'adjustable_quantity', 'tax_rates'], p);
      const quantity = asInteger(line.quantity, `${p}[quantity]`) ?? 1;
      const priceId = asString(line.price, `${p}[price]`);
      if (priceId) {
        const existing = find<FakePrice>(priceId, 'price');
        if (!existing) throw noSuch(400, 'price', priceId, `${p}[price]`);
        return { price: existing, quantity };
      }
      const data = asObject(line.price_data, `${p}[price_data]`);
      onlyKeys(data, ['currency', 'unit_amount', 'unit_amount_decimal', 'product', 'product_data', 'recurring', 'tax_behavior'], `${p}[price_data]`);
      const currency = requiredString(data.currency, `${p}[price_data][currency]`).toLowerCase();
      const unitAmount = asInteger(data.unit_amount, `${p}[price_data][unit_amount]`);
      if (unitAmount === undefined || unitAmount < 0) throw invalid(`Missing required param: ${p}[price_data][unit_amount].`, `${p}[price_data][unit_amount]`, 'parameter_missing');
      let productId = asString(data.product, `${p}[price_data][product]`);
      if (productId && !find<FakeProduct>(productId, 'product')) throw noSuch(400, 'product', productId, `${p}[price_data][product]`);
      if (!productId) {
        const productData = asObject(data.product_data, `${p}[price_data][product_data]`);
        onlyKeys(productData, ['name', 'description', 'images', 'metadata', 'tax_code'], `${p}[price_data][product_data]`);
        productId = newProduct(requiredString(productData.name, `${p}[price_data][product_data][name]`)).id;
      }
      const recurring = asObject(data.recurring, `${p}[price_data][recurring]`);
      onlyKeys(recurring, ['interval', 'interval_count'], `${p}[price_data][recurring]`);
      const interval = oneOf(asString(recurring.interval, `${p}[price_data][recurring][interval]`), ['day', 'week', 'month', 'year'] as const, `${p}[price_data][recurring][interval]`) ?? null;
      if (mode === 'subscription' && !interval) throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', `${p}[price_data][recurring]`);
      if (mode === 'payment' && interval) throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `${p}[price_data][recurring]`);
      return { price: newPrice({ currency, unitAmount, product: productId, interval }), quantity };
    });
    const currencies = new Set(lines.map((l) => l.price.currency));
    if (currencies.size > 1) throw invalid('All line items must use the same currency.', 'line_items');
    if (mode === 'subscription' && !customerId) throw invalid('The fake Stripe needs `customer` in subscription mode.', 'customer');

    const paymentIntentData = asObject(body.payment_intent_data, 'payment_intent_data');
    onlyKeys(paymentIntentData, ['metadata', 'description', 'setup_future_usage', 'receipt_email', 'statement_descriptor', 'statement_descriptor_suffix', 'capture_method'], 'payment_intent_data');
    const subscriptionData = asObject(body.subscription_data, 'subscription_data');
    onlyKeys(subscriptionData, ['metadata', 'description', 'trial_period_days', 'default_tax_rates', 'billing_cycle_anchor', 'proration_behavior', 'trial_end'], 'subscription_data');

    const created = nowSeconds();
    const id = randomId('cs_test_', 58);
    const amount = lines.reduce((sum, l) => sum + (l.price.unit_amount ?? 0) * l.quantity, 0);
    const session = put<FakeCheckoutSession>({
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: asString(body.cancel_url, 'cancel_url') ?? null,
      client_reference_id: asString(body.client_reference_id, 'client_reference_id') ?? null,
      created,
      currency: lines[0].price.currency,
      customer_email: asString(body.customer_email, 'customer_email') ?? null,
      expires_at: created + 24 * 3600,
      livemode: false,
      metadata: metadataOf(body.metadata, 'metadata'),
      mode,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: asString(body.success_url, 'success_url') ?? null,
      url: `${origin}/checkout/pay/${id}`,
      customer: customerId,
      payment_intent: null,
      subscription: null,
      invoice: null,
      customer_details: null,
    });
    sessionExtras.set(id, {
      lines,
      paymentIntentMetadata: metadataOf(paymentIntentData.metadata, 'payment_intent_data[metadata]'),
      subscriptionMetadata: metadataOf(subscriptionData.metadata, 'subscription_data[metadata]'),
    });
    return session;
  }

  /** POST /v1/subscriptions/:id. The events it makes are sent after the answer, as Stripe does. */
  function updateSubscription(sub: FakeSubscription, body: FormObject, request: RecordedStripeRequest): { answer: FakeSubscription; made: FakeEvent[] } {
    onlyKeys(body, SUBSCRIPTION_UPDATE_PARAMS);
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const extras = subscriptionExtras.get(sub.id)!;
    const prorationBehavior = oneOf(asString(body.proration_behavior, 'proration_behavior'), PRORATION_BEHAVIORS, 'proration_behavior') ?? 'create_prorations';
    const paymentBehavior = oneOf(asString(body.payment_behavior, 'payment_behavior'), PAYMENT_BEHAVIORS, 'payment_behavior') ?? 'allow_incomplete';
    const cancelAtPeriodEnd = asBoolean(body.cancel_at_period_end, 'cancel_at_period_end');
    const metadata = body.metadata !== undefined ? metadataOf(body.metadata, 'metadata', sub.metadata) : undefined;

    // Validate everything before changing anything: a refused request changes nothing.
    const itemChanges = asArray(body.items, 'items').map((value, i) => {
      const p = `items[${i}]`;
      const form = asObject(value, p);
      onlyKeys(form, ['id', 'price', 'price_data', 'quantity', 'metadata'], p);
      const itemId = requiredString(form.id, `${p}[id]`);
      const item = sub.items.data.find((it) => it.id === itemId);
      if (!item) throw invalid(`Subscription item ${itemId} is not part of this subscription.`, `${p}[id]`);
      const priceId = asString(form.price, `${p}[price]`);
      if (priceId) {
        const price = find<FakePrice>(priceId, 'price');
        if (!price) throw noSuch(400, 'price', priceId, `${p}[price]`);
        return { item, price: () => price };
      }
      if (form.price_data === undefined) return { item, price: () => item.price };
      const data = asObject(form.price_data, `${p}[price_data]`);
      // A subscription item's price_data names an existing product; product_data is not accepted here.
      onlyKeys(data, ['currency', 'unit_amount', 'unit_amount_decimal', 'product', 'recurring', 'tax_behavior'], `${p}[price_data]`);
      const currency = requiredString(data.currency, `${p}[price_data][currency]`).toLowerCase();
      const product = requiredString(data.product, `${p}[price_data][product]`);
      if (!find<FakeProduct>(product, 'product')) throw noSuch(400, 'product', product, `${p}[price_data][product]`);
      const unitAmount = asInteger(data.unit_amount, `${p}[price_data][unit_amount]`);
      if (unitAmount === undefined) throw invalid(`Missing required param: ${p}[price_data][unit_amount].`, `${p}[price_data][unit_amount]`, 'parameter_missing');
      const recurring = asObject(data.recurring, `${p}[price_data][recurring]`);
      onlyKeys(recurring, ['interval', 'interval_count'], `${p}[price_data][recurring]`);
      const interval = oneOf(requiredString(recurring.interval, `${p}[price_data][recurring][interval]`), ['day', 'week', 'month', 'year'] as const, `${p}[price_data][recurring][interval]`)!;
      return { item, price: () => newPrice({ currency, unitAmount, product, interval }) };
    });

    const before = clone(sub);
    const made: FakeEvent[] = [];
    const now = nowSeconds();
    let prorations: Omit<FakeInvoiceLine, 'invoice'>[] = [];
    const newPrices = itemChanges.map((c) => ({ item: c.item, price: c.price() }));
    const changed = newPrices.filter((c) => c.price.id !== c.item.price.id);

    if (changed.length > 0 && prorationBehavior !== 'none') {
      for (const { item, price } of changed) {
        const start = item.current_period_start;
        const end = item.current_period_end;
        const fraction = end > start ? Math.min(1, Math.max(0, (end - now) / (end - start))) : 0;
        const period = { start: now, end };
        const newItem = { ...item, price };
        prorations.push(
          subscriptionLine(sub, item, -Math.round((item.price.unit_amount ?? 0) * (item.quantity ?? 1) * fraction), period, true, `Unused time on ${productName(item.price.product)}`),
          subscriptionLine(sub, newItem, Math.round((price.unit_amount ?? 0) * (item.quantity ?? 1) * fraction), period, true, `Remaining time on ${productName(price.product)}`),
        );
      }
    }

    // always_invoice: the prorations are invoiced and charged now. With error_if_incomplete a
    // declined charge refuses the whole update (402), otherwise the change stands and the
    // subscription is past_due with the invoice open.
    let invoice: FakeInvoice | null = null;
    let paid = true;
    if (prorationBehavior === 'always_invoice' && prorations.length > 0) {
      const total = prorations.reduce((sum, l) => sum + l.amount, 0);
      const customer = must<FakeCustomer>(sub.customer, 'customer');
      if (declineNext && total + customer.balance > 0 && paymentBehavior === 'error_if_incomplete') {
        const declineCode = declineNext;
        declineNext = null;
        throw new StripeHttpError(402, { type: 'card_error', code: 'card_declined', decline_code: declineCode, message: 'Your card was declined.' });
      }
    }

    for (const { item, price } of newPrices) item.price = price;
    if (metadata) sub.metadata = metadata;
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      sub.cancel_at = cancelAtPeriodEnd ? currentItem(sub).current_period_end : null;
      sub.canceled_at = cancelAtPeriodEnd ? now : null;
    }
    if (prorationBehavior === 'create_prorations') {
      extras.pendingLines.push(...prorations);
      prorations = [];
    }
    if (prorationBehavior === 'always_invoice' && prorations.length > 0) {
      invoice = newInvoice(sub, 'subscription_update', prorations, { start: now, end: now });
      paid = collect(invoice).paid;
      sub.latest_invoice = invoice.id;
      if (!paid) sub.status = 'past_due';
    }

    const previous: Record<string, unknown> = {};
    for (const key of ['items', 'metadata', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'latest_invoice', 'status'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key];
    }
    if (Object.keys(previous).length > 0) made.push(makeEvent('customer.subscription.updated', sub, previous, request));
    if (invoice) made.push(makeEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, undefined, request));
    return { answer: sub, made };
  }

  function listPaymentMethods(customer: FakeCustomer, query: FormObject): FakeList<FakePaymentMethod> {
    onlyKeys(query, ['type', 'limit', 'starting_after', 'ending_before', 'expand', 'allow_redisplay']);
    const type = asString(query.type, 'type');
    const limit = asInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
    const all = [...store.values()]
      .filter((o): o is FakePaymentMethod => o.object === 'payment_method' && o.customer === customer.id && (!type || o.type === type))
      // newest first; ids break ties within one second in creation order
      .map((pm, i) => ({ pm, i }))
      .sort((a, b) => b.pm.created - a.pm.created || b.i - a.i)
      .map(({ pm }) => pm);
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: `/v1/customers/${customer.id}/payment_methods` };
  }

  /** Routes one authenticated API request; returns [status, body, events to send after answering]. */
  function route(request: RecordedStripeRequest): { status: number; body: unknown; made?: FakeEvent[] } {
    const { method, path, body, query } = request;
    const params = method === 'GET' || method === 'DELETE' ? query : body;
    let m: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: createCustomer(body) };
    if (method === 'GET' && path === '/v1/refunds') return { status: 200, body: listRefunds(query) };
    if ((m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path)) && method === 'GET') {
      const customer = find<FakeCustomer>(m[1], 'customer');
      if (!customer) throw noSuch(404, 'customer', m[1], 'customer');
      return { status: 200, body: listPaymentMethods(customer, query) };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'POST') {
      const customer = find<FakeCustomer>(m[1], 'customer');
      if (!customer) throw noSuch(404, 'customer', m[1], 'id');
      return { status: 200, body: updateCustomer(customer, body) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: expanded(createCheckoutSession(body), body.expand) };
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const session = find<FakeCheckoutSession>(m[1], 'checkout.session');
      if (!session) throw noSuch(404, 'checkout.session', m[1], 'session');
      if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      session.status = 'expired';
      return { status: 200, body: clone(session), made: [makeEvent('checkout.session.expired', session, undefined, request)] };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && (method === 'POST' || method === 'DELETE')) {
      const sub = find<FakeSubscription>(m[1], 'subscription');
      if (!sub) throw noSuch(404, 'subscription', m[1], 'id');
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw noSuch(404, 'subscription', sub.id, 'id');
        const event = cancelNow(sub);
        return { status: 200, body: clone(sub), made: [event] };
      }
      const { answer, made } = updateSubscription(sub, body, request);
      return { status: 200, body: expanded(answer, body.expand), made };
    }
    const retrieve = /^\/v1\/(customers|checkout\/sessions|subscriptions|invoices|payment_intents|charges|disputes|payment_methods|prices|products|events)\/([^/]+)$/.exec(path);
    if (retrieve && method === 'GET') {
      const objectName = RETRIEVABLE[retrieve[1]];
      const id = retrieve[2];
      if (objectName === 'event') {
        const event = events.find((e) => e.id === id);
        if (!event) throw noSuch(404, 'event', id, 'id');
        return { status: 200, body: event };
      }
      const found = store.get(id);
      if (!found || found.object !== objectName) throw noSuch(404, objectName, id, 'id');
      return { status: 200, body: expanded(found, params.expand) };
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  // ---- HTTP -----------------------------------------------------------------------------------

  const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': randomId('req_', 14), 'Stripe-Version': FAKE_STRIPE_API_VERSION, ...headers });
    res.end(body);
  };

  const errorBody = (e: StripeHttpError) =>
    JSON.stringify({ error: { ...e.body, ...(e.body.code ? { doc_url: `https://stripe.com/docs/error-codes/${e.body.code.replace(/_/g, '-')}` } : {}) } });

  /** The hosted pages a browser sees: Checkout's payment page and an invoice's page. */
  async function hostedPage(method: string, path: string, rawBody: string, res: http.ServerResponse): Promise<boolean> {
    let m: RegExpExecArray | null;
    if ((m = /^\/checkout\/pay\/([^/]+)$/.exec(path))) {
      const session = find<FakeCheckoutSession>(m[1], 'checkout.session');
      if (!session) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such checkout session');
        return true;
      }
      if (method === 'POST') {
        const card = asString(parseForm(rawBody).card, 'card') || CARD_OK;
        const paid = session.status === 'open' ? await payCheckout(session.id, { card }) : null;
        if (paid && !paid.paid) {
          res.writeHead(402, { 'Content-Type': 'text/html' }).end(`<p>Your card was declined (${escapeHtml(paid.declineCode ?? '')}).</p><a href="${escapeHtml(path)}">Try again</a>`);
          return true;
        }
        const target = (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id);
        res.writeHead(303, { Location: target }).end();
        return true;
      }
      const sessionAmount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`;
      const cancel = session.cancel_url ? `<a id="cancel" href="${escapeHtml(session.cancel_url)}">Back</a>` : '';
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay ${escapeHtml(sessionAmount)}</h1>` +
          (session.status === 'open'
            ? `<form method="post"><label>Card number <input name="card" value="${CARD_OK}"></label><button id="pay" type="submit">Pay</button></form>${cancel}`
            : `<p>This checkout session is ${escapeHtml(session.status ?? '')}.</p>`),
      );
      return true;
    }
    if ((m = /^\/invoices\/([^/]+)(\/pay)?$/.exec(path))) {
      const invoice = find<FakeInvoice>(m[1], 'invoice');
      if (!invoice) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such invoice');
        return true;
      }
      if (method === 'POST' && m[2] && invoice.status === 'open') await payInvoice(invoice.id);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>Invoice ${escapeHtml(invoice.number ?? '')}</title><h1>Invoice ${escapeHtml(invoice.number ?? '')}: ${escapeHtml(invoice.status ?? '')}</h1>` +
          (invoice.status === 'open' ? `<form method="post" action="/invoices/${invoice.id}/pay"><button id="pay" type="submit">Pay</button></form>` : ''),
      );
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const method = req.method ?? 'GET';
        if (!url.pathname.startsWith('/v1/')) {
          if (!(await hostedPage(method, url.pathname, rawBody, res))) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
          return;
        }
        const header = req.headers['idempotency-key'];
        const request: RecordedStripeRequest = {
          method,
          path: url.pathname,
          query: parseForm(url.search.slice(1)),
          body: parseForm(rawBody),
          rawBody,
          headers: req.headers,
          idempotencyKey: typeof header === 'string' ? header : null,
          replayed: false,
          status: 0,
        };
        requests.push(request);

        if (unavailable === 'drop') {
          request.status = -1;
          req.socket.destroy();
          return;
        }
        if (unavailable) {
          request.status = 503;
          return send(res, 503, JSON.stringify({ error: { type: 'api_error', message: 'The fake Stripe is unavailable (setUnavailable).' } }));
        }
        const auth = req.headers.authorization;
        if (auth !== `Bearer ${secretKey}`) {
          request.status = 401;
          const given = auth?.replace(/^Bearer /, '') ?? '';
          // Stripe names the key it got with all but the last four characters masked.
          const message = given
            ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
            : 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').';
          return send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message } }));
        }

        // Stripe keeps the answer to a POST under its Idempotency-Key: the same key answers the
        // same, with other parameters it is refused. Requests refused before running keep nothing.
        const fingerprint = `${method} ${url.pathname} ${rawBody}`;
        const key = method === 'POST' ? request.idempotencyKey : null;
        if (key) {
          const stored = idempotency.get(key);
          if (stored) {
            request.replayed = true;
            if (stored.fingerprint !== fingerprint) {
              request.status = 400;
              return send(
                res,
                400,
                JSON.stringify({
                  error: {
                    type: 'idempotency_error',
                    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                  },
                }),
              );
            }
            request.status = stored.status;
            return send(res, stored.status, stored.body, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': key });
          }
        }

        let status: number;
        let text: string;
        let made: FakeEvent[] = [];
        try {
          const answer = route(request);
          status = answer.status;
          text = JSON.stringify(answer.body ?? {});
          made = answer.made ?? [];
        } catch (error) {
          if (!(error instanceof StripeHttpError)) {
            status = 500;
            text = JSON.stringify({ error: { type: 'api_error', message: `fake Stripe bug: ${error instanceof Error ? error.message : String(error)}` } });
          } else {
            status = error.status;
            text = errorBody(error);
          }
        }
        if (key && (status < 400 || status === 402)) idempotency.set(key, { fingerprint, status, body: text });
        request.status = status;
        if (eventsFirst && made.length > 0) await dispatch(made);
        send(res, status, text, key ? { 'Idempotency-Key': key } : {});
        // Stripe sends the events of an API call after answering it.
        if (!eventsFirst && made.length > 0) void dispatch(made);
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const fake: FakeStripe = {
    apiBase: origin,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: origin },
    settings: { secretKey, webhookSecret, api: { host: '127.0.0.1', port, protocol: 'http' } },
    get webhookUrl() {
      return webhookUrl;
    },
    set webhookUrl(value: string | null) {
      webhookUrl = value;
    },
    requests,
    events,
    deliveries,
    get pendingEvents() {
      return [...pending];
    },
    requestsTo: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    get: <T extends FakeObject | FakeEvent = FakeObject>(id: string): T => {
      const found = store.get(id) ?? events.find((e) => e.id === id);
      if (!found) throw new Error(`fake Stripe has no object ${id}`);
      return clone(found) as T;
    },
    eventsOfType: (type) => events.filter((e) => e.type === type),
    paymentIntentOfInvoice: (invoiceId) => invoicePayments.get(invoiceId) ?? null,
    holdEvents: () => {
      held = true;
    },
    eventsBeforeAnswer: (on) => {
      eventsFirst = on;
    },
    releaseEvents: async (opts = {}) => {
      if (!webhookUrl) throw new Error('fake Stripe: set webhookUrl before releasing events');
      held = false;
      const toSend = opts.order ? opts.order([...pending]) : pending;
      pending = [];
      return Promise.all(toSend.map(queue));
    },
    deliver: async (eventOrId, opts = {}) => {
      const event = typeof eventOrId === 'string' ? events.find((e) => e.id === eventOrId) : eventOrId;
      if (!event) throw new Error(`fake Stripe has no event ${String(eventOrId)}`);
      const sent: Promise<WebhookDelivery>[] = [];
      for (let i = 0; i < (opts.times ?? 1); i++) sent.push(queue(event));
      return Promise.all(sent);
    },
    signedDelivery,
    idle: async () => {
      // Deliveries queued while waiting are waited for too.
      let chain: Promise<unknown>;
      do {
        chain = deliveryChain;
        await chain;
      } while (chain !== deliveryChain);
    },
    emitEvent: async (type, object, previousAttributes) => {
      const [event] = await emitAll([makeEvent(type, object, previousAttributes)]);
      return event;
    },
    payCheckout,
    renewSubscription,
    payInvoice,
    endSubscription,
    refund,
    dispute,
    deleteCustomer: (customerId) => {
      must<FakeCustomer>(customerId, 'customer');
      store.delete(customerId);
    },
    setEventApiVersion: (version) => {
      eventApiVersion = version;
    },
    declineNextCharge: (declineCode = 'generic_decline') => {
      declineNext = declineCode;
    },
    setUnavailable: (value) => {
      unavailable = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
