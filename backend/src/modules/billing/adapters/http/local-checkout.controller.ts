import { Body, Controller, Get, Header, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { escapeHtml } from '../../../../shared/mail/html';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { LocalCheckoutService } from '../../application/local-checkout.service';
import { LocalPayDto } from './billing.dto';
import { LocalCheckoutResponse, RedirectResponse } from './billing.responses';

function money(cents: number, currency: string): string {
  return `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** D30: the local test checkout's API (404 for everything when Stripe is configured). */
@ApiTags('billing')
@Controller('local-checkout')
@UseGuards(SignedInGuard)
@LimitInFlightPerUser('billing')
@ApiErrors({ 404: { 'BILLING.CHECKOUT_NOT_FOUND': "Unknown, not the signed-in user's, or Stripe is the provider (these routes then do not exist)." } })
export class LocalCheckoutController {
  constructor(private readonly local: LocalCheckoutService) {}

  @Get('sessions/:id')
  @NoStore()
  @ApiOperation({ summary: 'D30: what the local test checkout page shows' })
  @ApiOkResponse({ type: LocalCheckoutResponse })
  view(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<LocalCheckoutResponse> {
    return this.local.view(user, id);
  }

  @Post('sessions/:id/pay')
  @HttpCode(200)
  @ApiOperation({ summary: "Pay with a test card (4242… succeeds, 4000 0000 0000 0002 is declined); runs the same fulfilment as Stripe's webhook" })
  @ApiOkResponse({ type: RedirectResponse, description: 'Where to go: the success page.' })
  @ApiErrors({
    400: { 'BILLING.CARD_INVALID': 'Card number, expiry or security code incomplete or wrong.' },
    402: { 'BILLING.CARD_DECLINED': 'The decline test card.' },
    409: { 'BILLING.CHECKOUT_EXPIRED': 'The checkout expired; start again from the pricing page.' },
  })
  pay(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: LocalPayDto): Promise<RedirectResponse> {
    return this.local.pay(user, id, body);
  }

  @Post('sessions/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave the local checkout: it expires, and the page goes back to pricing' })
  @ApiOkResponse({ type: RedirectResponse, description: '`/pricing?checkout=cancelled`' })
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<RedirectResponse> {
    return this.local.cancel(user, id);
  }

  /** The "View invoice" link of a local invoice: a plain receipt page, every value escaped. */
  @Get('invoices/:id')
  @NoStore()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'A local invoice as a plain receipt page (the billing card\'s "View invoice" link)' })
  @ApiOkResponse({ description: 'An HTML page; every value escaped.', content: { 'text/html': { schema: { type: 'string' } } } })
  async invoice(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<string> {
    const inv = await this.local.invoice(user.id, id);
    const rows: Array<[string, string]> = [
      ['Invoice', inv.id],
      ['Status', inv.status],
      ['Amount paid', money(inv.amountPaid, inv.currency)],
      ['Date', inv.createdAt.toUTCString()],
      ['Service period', `${inv.periodStart.toUTCString().slice(0, 16)} – ${inv.periodEnd.toUTCString().slice(0, 16)}`],
      ['Billed to', user.email],
    ];
    return [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Magic Editor invoice</title></head>',
      '<body style="font-family: Arial, Helvetica, sans-serif; max-width: 40rem; margin: 2rem auto; color: #1f2937;">',
      '<h1>Magic Editor: test invoice</h1>',
      '<p>This invoice comes from the local test checkout. No money was charged.</p>',
      '<table>',
      ...rows.map(([k, v]) => `<tr><th style="text-align:left;padding-right:1rem">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
      '</table></body></html>',
    ].join('');
  }
}
