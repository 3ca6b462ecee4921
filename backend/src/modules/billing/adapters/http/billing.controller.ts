import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { ApiErrors, type ErrorCodes } from '../../../../shared/http/openapi/api-errors';
import { BillingOverviewService, subscriptionView } from '../../application/billing-overview.service';
import { CheckoutService } from '../../application/checkout.service';
import { SubscriptionManagementService } from '../../application/subscription-management.service';
import { FulfilmentService } from '../../application/fulfilment.service';
import { CURRENCY, PACKS, PLANS } from '../../domain/catalogue';
import { CancelSubscriptionDto, CreateSubscriptionDto, PurchaseCreditsDto } from './billing.dto';
import {
  BillingOverviewResponse,
  CancellationResponse,
  CatalogueResponse,
  CheckoutStatusResponse,
  CheckoutUrlResponse,
  PackCheckoutItemResponse,
  PlanChangedResponse,
  PlanCheckoutItemResponse,
  ResumedSubscriptionResponse,
  SUBSCRIBE_ANSWER_SCHEMA,
} from './billing.responses';

const PROVIDER_DOWN: ErrorCodes = { 503: { 'BILLING.PROVIDER_UNAVAILABLE': 'The payment provider is unavailable; nothing was charged.' } };
const OPENING_CHECKOUT: ErrorCodes = {
  403: { 'BILLING.EMAIL_NOT_VERIFIED': 'Verify the e-mail address before buying.' },
  409: { 'BILLING.CHECKOUT_BUSY': 'Another request of this account is opening a checkout right now (issue 24).' },
};
const NO_SUBSCRIPTION: ErrorCodes = { 404: { 'BILLING.NO_SUBSCRIPTION': 'No active subscription.' } };
const UNKNOWN_CHECKOUT: ErrorCodes = { 404: { 'BILLING.CHECKOUT_NOT_FOUND': "Unknown, or not the signed-in user's." } };

@ApiTags('billing')
@ApiExtraModels(CheckoutUrlResponse, PlanChangedResponse, PackCheckoutItemResponse, PlanCheckoutItemResponse)
@Controller()
export class BillingController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly overview: BillingOverviewService,
    private readonly management: SubscriptionManagementService,
    private readonly fulfilment: FulfilmentService,
  ) {}

  /** D8: the one catalogue the pricing page reads. */
  @Get('billing/catalogue')
  @ApiOperation({ summary: 'The plans and credit packs with their prices (D8), and which payment provider is in use' })
  @ApiOkResponse({ type: CatalogueResponse })
  catalogue(): CatalogueResponse {
    return {
      currency: CURRENCY,
      provider: this.fulfilment.provider,
      plans: PLANS.map((p) => ({ ...p, features: [...p.features] })),
      packs: PACKS.map((p) => ({ ...p })),
    };
  }

  @Post('purchase-credits')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOperation({ summary: 'Open (or reuse) a checkout for a credit pack' })
  @ApiOkResponse({ type: CheckoutUrlResponse })
  @ApiErrors(OPENING_CHECKOUT)
  @ApiErrors(PROVIDER_DOWN)
  purchaseCredits(@CurrentUser() user: AuthUser, @Body() body: PurchaseCreditsDto): Promise<CheckoutUrlResponse> {
    return this.checkout.purchasePack(user, body.pack);
  }

  @Post('create-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOperation({ summary: 'Open a checkout for a plan; a subscriber is switched to the other plan in place instead (D28)' })
  @ApiOkResponse({ schema: SUBSCRIBE_ANSWER_SCHEMA, description: '`{checkoutUrl}`, or for a subscriber `{checkoutUrl: null, planChange}` (D28).' })
  @ApiErrors(OPENING_CHECKOUT)
  @ApiErrors({
    402: { 'BILLING.PAYMENT_DECLINED': "The upgrade's prorated invoice was declined (D28)." },
    409: {
      'BILLING.SAME_PLAN': 'Already subscribed to this plan.',
      'BILLING.SUBSCRIPTION_ENDING': 'The subscription is set to end: resume it before changing plans.',
      'BILLING.SUBSCRIPTION_PENDING': 'The subscription waits for a payment.',
    },
  })
  @ApiErrors(PROVIDER_DOWN)
  createSubscription(@CurrentUser() user: AuthUser, @Body() body: CreateSubscriptionDto): Promise<CheckoutUrlResponse | PlanChangedResponse> {
    return this.checkout.subscribe(user, body.tier);
  }

  /** D27: the success page runs fulfilment from the redirect (idempotent). */
  @Post('checkout/sessions/:id/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  @ApiOperation({ summary: 'The success page: fulfil the checkout if the provider says it is paid (idempotent), then its status' })
  @ApiOkResponse({ type: CheckoutStatusResponse })
  @ApiErrors(UNKNOWN_CHECKOUT)
  @ApiErrors(PROVIDER_DOWN)
  confirm(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CheckoutStatusResponse> {
    return this.checkout.confirm(user.id, id);
  }

  @Get('checkout/sessions/:id')
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  @ApiOperation({ summary: "A checkout's status and the balance (the success page polls it until fulfilled)" })
  @ApiOkResponse({ type: CheckoutStatusResponse })
  @ApiErrors(UNKNOWN_CHECKOUT)
  status(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CheckoutStatusResponse> {
    return this.checkout.status(user.id, id);
  }

  @Get('user/billing')
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  @ApiOperation({ summary: "The profile's billing card: subscription, card, purchases, invoices (001 §3)" })
  @ApiOkResponse({ type: BillingOverviewResponse, description: 'When the provider is down the card is left out and named in `unavailable`.' })
  billing(@CurrentUser() user: AuthUser): Promise<BillingOverviewResponse> {
    return this.overview.overview(user.id);
  }

  @Post('user/cancel-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOperation({ summary: 'Cancel at the end of the paid period (001 §5: the e-mail typed and the box ticked)' })
  @ApiOkResponse({ type: CancellationResponse })
  @ApiErrors({ 400: { 'BILLING.CANCEL_NOT_CONFIRMED': 'The typed e-mail is not the account\'s, or the box is not ticked.' } })
  @ApiErrors(NO_SUBSCRIPTION)
  @ApiErrors(PROVIDER_DOWN)
  cancel(@CurrentUser() user: AuthUser, @Body() body: CancelSubscriptionDto): Promise<CancellationResponse> {
    return this.management.cancel(user, body);
  }

  @Post('user/resume-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOperation({ summary: 'Take back a cancellation while the paid period lasts' })
  @ApiOkResponse({ type: ResumedSubscriptionResponse })
  @ApiErrors(NO_SUBSCRIPTION)
  @ApiErrors(PROVIDER_DOWN)
  async resume(@CurrentUser() user: AuthUser): Promise<ResumedSubscriptionResponse> {
    return { subscription: subscriptionView(await this.management.resume(user)) };
  }
}
