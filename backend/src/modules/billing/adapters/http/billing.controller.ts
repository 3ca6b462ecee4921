import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { type BillingOverview, BillingOverviewService, subscriptionView, type SubscriptionView } from '../../application/billing-overview.service';
import { CheckoutService, type CheckoutStatus, type SubscribeAnswer } from '../../application/checkout.service';
import { SubscriptionManagementService } from '../../application/subscription-management.service';
import { FulfilmentService } from '../../application/fulfilment.service';
import { CURRENCY, PACKS, PLANS } from '../../domain/catalogue';
import { CancelSubscriptionDto, CreateSubscriptionDto, PurchaseCreditsDto } from './billing.dto';

@ApiTags('billing')
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
  @ApiOkResponse({ description: '`{currency, provider, plans, packs}`' })
  catalogue() {
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
  @ApiOkResponse({ description: '`{checkoutUrl}`' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  @ApiForbiddenResponse({ description: 'E-mail not verified.' })
  purchaseCredits(@CurrentUser() user: AuthUser, @Body() body: PurchaseCreditsDto): Promise<{ checkoutUrl: string }> {
    return this.checkout.purchasePack(user, body.pack);
  }

  @Post('create-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOkResponse({ description: '`{checkoutUrl}`, or for a subscriber `{checkoutUrl: null, planChange}` (D28)' })
  @ApiConflictResponse({ description: 'Already subscribed to this plan.' })
  createSubscription(@CurrentUser() user: AuthUser, @Body() body: CreateSubscriptionDto): Promise<SubscribeAnswer> {
    return this.checkout.subscribe(user, body.tier);
  }

  /** D27: the success page runs fulfilment from the redirect (idempotent). */
  @Post('checkout/sessions/:id/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  confirm(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CheckoutStatus> {
    return this.checkout.confirm(user.id, id);
  }

  @Get('checkout/sessions/:id')
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  status(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CheckoutStatus> {
    return this.checkout.status(user.id, id);
  }

  @Get('user/billing')
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @NoStore()
  @ApiOkResponse({ description: '001 §3 billing response' })
  billing(@CurrentUser() user: AuthUser): Promise<BillingOverview> {
    return this.overview.overview(user.id);
  }

  @Post('user/cancel-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  @ApiOkResponse({ description: '`{accessUntil, message}`' })
  cancel(@CurrentUser() user: AuthUser, @Body() body: CancelSubscriptionDto): Promise<{ accessUntil: string; message: string }> {
    return this.management.cancel(user, body);
  }

  @Post('user/resume-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @LimitInFlightPerUser('billing')
  async resume(@CurrentUser() user: AuthUser): Promise<{ subscription: SubscriptionView }> {
    return { subscription: subscriptionView(await this.management.resume(user)) };
  }
}
