import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { CreditBalanceResponse } from '../../../credits';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { BillingOverview, SubscriptionView } from '../../application/billing-overview.service';
import type { CheckoutItemView, CheckoutStatus, PlanChangeAnswer, SubscribeAnswer } from '../../application/checkout.service';
import type { LocalCheckoutView } from '../../application/local-checkout.service';
import { PACK_IDS, type Pack, type PackId, type Plan } from '../../domain/catalogue';
import { PLAN_TIERS, type PlanTier } from '../../domain/entitlement';

/** D8: a monthly plan of the catalogue. */
export class PlanResponse {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  tier: PlanTier;

  @ApiProperty({ type: String })
  name: string;

  @ApiProperty({ type: Number, description: 'Cents per month.' })
  priceCents: number;

  @ApiProperty({ type: Number, description: 'Credits granted with each paid invoice (D28).' })
  monthlyCredits: number;

  @ApiProperty({ enum: ['month'] })
  interval: 'month';

  @ApiProperty({ type: String, description: "The card's accent colour (001 §3)." })
  colour: string;

  @ApiProperty({ type: [String] })
  features: string[];

  @ApiProperty({ type: Boolean })
  popular: boolean;
}
sameJsonShape<PlanResponse, Plan>();

/** D8: a credit pack of the catalogue. */
export class PackResponse {
  @ApiProperty({ enum: PACK_IDS, enumName: 'PackId' })
  id: PackId;

  @ApiProperty({ type: String })
  name: string;

  @ApiProperty({ type: Number, description: 'Cents.' })
  priceCents: number;

  @ApiProperty({ type: Number })
  credits: number;
}
sameJsonShape<PackResponse, Pack>();

/** GET /api/billing/catalogue (D8). */
export class CatalogueResponse {
  @ApiProperty({ type: String, example: 'usd' })
  currency: string;

  @ApiProperty({ enum: ['stripe', 'local'], enumName: 'PaymentProvider', description: 'D30: local is the test checkout.' })
  provider: 'stripe' | 'local';

  @ApiProperty({ type: [PlanResponse] })
  plans: PlanResponse[];

  @ApiProperty({ type: [PackResponse] })
  packs: PackResponse[];
}

/** POST /api/purchase-credits, and create-subscription for someone without a plan (001 §7). */
export class CheckoutUrlResponse {
  @ApiProperty({ type: String, description: "The provider's checkout page (or the local test checkout, D30)." })
  checkoutUrl: string;
}

/** D28: a subscriber's switch to another plan. */
export class PlanChangeResponse {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  from: PlanTier;

  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  to: PlanTier;

  @ApiProperty({ enum: ['now', 'next_renewal'], description: 'An upgrade is charged and effective now; a downgrade at the next renewal.' })
  effective: 'now' | 'next_renewal';

  @ApiProperty({ type: String, format: 'date-time' })
  effectiveAt: string;

  @ApiProperty({ type: Number })
  creditsGranted: number;
}
sameJsonShape<PlanChangeResponse, PlanChangeAnswer>();

/** POST /api/create-subscription by a subscriber (D28): no checkout, the plan changed in place. */
export class PlanChangedResponse {
  @ApiProperty({ type: String, nullable: true, enum: [null], description: 'Always null: nothing to pay on a checkout page.' })
  checkoutUrl: null;

  @ApiProperty({ type: PlanChangeResponse })
  planChange: PlanChangeResponse;
}
sameJsonShape<CheckoutUrlResponse | PlanChangedResponse, SubscribeAnswer>();

/** The answer of POST /api/create-subscription: one or the other. */
export const SUBSCRIBE_ANSWER_SCHEMA = { oneOf: [{ $ref: getSchemaPath(CheckoutUrlResponse) }, { $ref: getSchemaPath(PlanChangedResponse) }] };

/** What a checkout sells: a pack... */
export class PackCheckoutItemResponse {
  @ApiProperty({ enum: ['pack'] })
  kind: 'pack';

  @ApiProperty({ enum: PACK_IDS, enumName: 'PackId' })
  pack: PackId;

  @ApiProperty({ type: String })
  name: string;

  @ApiProperty({ type: Number })
  credits: number;
}

/** ... or a plan (its monthly credits). */
export class PlanCheckoutItemResponse {
  @ApiProperty({ enum: ['subscription'] })
  kind: 'subscription';

  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  tier: PlanTier;

  @ApiProperty({ type: String })
  name: string;

  @ApiProperty({ type: Number })
  credits: number;
}
sameJsonShape<PackCheckoutItemResponse | PlanCheckoutItemResponse, CheckoutItemView>();

const CHECKOUT_ITEM = {
  oneOf: [{ $ref: getSchemaPath(PackCheckoutItemResponse) }, { $ref: getSchemaPath(PlanCheckoutItemResponse) }],
  discriminator: {
    propertyName: 'kind',
    mapping: { pack: getSchemaPath(PackCheckoutItemResponse), subscription: getSchemaPath(PlanCheckoutItemResponse) },
  },
};

/** GET /api/checkout/sessions/{id} and its confirm (D27): the success page polls it. */
export class CheckoutStatusResponse {
  @ApiProperty({ type: String })
  sessionId: string;

  @ApiProperty({ enum: ['open', 'complete', 'expired'], enumName: 'CheckoutSessionStatus' })
  status: 'open' | 'complete' | 'expired';

  @ApiProperty({ type: Boolean, description: 'The credits (and plan) are granted.' })
  fulfilled: boolean;

  @ApiProperty(CHECKOUT_ITEM)
  item: PackCheckoutItemResponse | PlanCheckoutItemResponse;

  @ApiProperty({ type: Number })
  amountCents: number;

  @ApiProperty({ type: String })
  currency: string;

  @ApiProperty({ type: CreditBalanceResponse, description: 'The balance now.' })
  credits: CreditBalanceResponse;
}
sameJsonShape<CheckoutStatusResponse, CheckoutStatus>();

/** 001 §3 "subscription" of the billing response, with the pending downgrade (D28). */
export class SubscriptionResponse {
  @ApiProperty({ type: String })
  id: string;

  @ApiProperty({ type: String, description: "The provider's status (active, trialing, past_due, ...)." })
  status: string;

  @ApiProperty({ type: String })
  tier: string;

  @ApiProperty({ type: String })
  planName: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Cents.' })
  amount: number | null;

  @ApiProperty({ type: String })
  currency: string;

  @ApiProperty({ type: String })
  interval: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Seconds since the epoch (001 §9).' })
  currentPeriodEnd: number | null;

  @ApiProperty({ type: Boolean })
  cancelAtPeriodEnd: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'A downgrade that takes effect at the next renewal (D28).' })
  pendingTier: string | null;
}
sameJsonShape<SubscriptionResponse, SubscriptionView>();

export class CardResponse {
  @ApiProperty({ type: String })
  brand: string;

  @ApiProperty({ type: String })
  last4: string;

  @ApiProperty({ type: Number })
  expMonth: number;

  @ApiProperty({ type: Number })
  expYear: number;
}

export class PaymentMethodResponse {
  @ApiProperty({ type: CardResponse })
  card: CardResponse;
}

export class CreditPurchaseResponse {
  @ApiProperty({ type: String })
  id: string;

  @ApiProperty({ type: Number, description: 'Credits.' })
  amount: number;

  @ApiProperty({ type: String })
  description: string;

  @ApiProperty({ type: String, format: 'date-time' })
  date: string;

  @ApiProperty({ type: Number, description: 'Cents.' })
  cost: number;

  @ApiProperty({ type: String })
  paymentMethod: string;
}

export class InvoiceResponse {
  @ApiProperty({ type: String })
  id: string;

  @ApiProperty({ type: Number, description: 'Cents.' })
  amountPaid: number;

  @ApiProperty({ type: String })
  currency: string;

  @ApiProperty({ type: Number, description: 'Seconds since the epoch.' })
  created: number;

  @ApiProperty({ type: String })
  status: string;

  @ApiProperty({ type: String, nullable: true })
  hostedInvoiceUrl: string | null;
}

/** GET /api/user/billing (001 §3 "Billing response"). */
export class BillingOverviewResponse {
  @ApiProperty({ enum: ['stripe', 'local'], enumName: 'PaymentProvider' })
  provider: 'stripe' | 'local';

  @ApiProperty({ type: SubscriptionResponse, nullable: true })
  subscription: SubscriptionResponse | null;

  @ApiProperty({ type: [PaymentMethodResponse] })
  paymentMethods: PaymentMethodResponse[];

  @ApiProperty({ type: Number, description: 'Credits bought in packs, all time.' })
  totalCredits: number;

  @ApiProperty({ type: Number })
  purchaseCount: number;

  @ApiProperty({ type: [CreditPurchaseResponse], description: 'The 10 most recent (001 §9).' })
  creditPurchases: CreditPurchaseResponse[];

  @ApiProperty({ type: [InvoiceResponse], description: 'The 5 most recent (001 §9).' })
  invoices: InvoiceResponse[];

  @ApiProperty({ type: [String], description: 'Parts the provider could not give just now (e.g. paymentMethods).' })
  unavailable: string[];
}
sameJsonShape<BillingOverviewResponse, BillingOverview>();

/** POST /api/user/cancel-subscription (001 §7). */
export class CancellationResponse {
  @ApiProperty({ type: String, format: 'date-time', description: 'The end of the paid period.' })
  accessUntil: string;

  @ApiProperty({ type: String })
  message: string;
}

/** POST /api/user/resume-subscription. */
export class ResumedSubscriptionResponse {
  @ApiProperty({ type: SubscriptionResponse })
  subscription: SubscriptionResponse;
}

/** D30: a local test checkout as its page shows it. */
export class LocalCheckoutResponse {
  @ApiProperty({ type: String })
  sessionId: string;

  @ApiProperty({ enum: ['open', 'complete', 'expired'], enumName: 'CheckoutSessionStatus' })
  status: 'open' | 'complete' | 'expired';

  @ApiProperty(CHECKOUT_ITEM)
  item: PackCheckoutItemResponse | PlanCheckoutItemResponse;

  @ApiProperty({ type: Number })
  amountCents: number;

  @ApiProperty({ type: String })
  currency: string;

  @ApiProperty({ type: String, format: 'email' })
  email: string;
}
sameJsonShape<LocalCheckoutResponse, LocalCheckoutView>();

/** Where the local checkout page goes next. */
export class RedirectResponse {
  @ApiProperty({ type: String, example: '/checkout/success?session_id=cs_local_…' })
  redirectUrl: string;
}

/** POST /api/webhooks/stripe. */
export class WebhookReceivedResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  received: true;

  @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'The event had been handled before (nothing done now).' })
  duplicate?: true;
}
