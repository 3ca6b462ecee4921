import { Body, Controller, Get, Header, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { escapeHtml } from '../../../../shared/mail/html';
import { LocalCheckoutService, type LocalCheckoutView } from '../../application/local-checkout.service';
import { LocalPayDto } from './billing.dto';

function money(cents: number, currency: string): string {
  return `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** D30: the local test checkout's API (404 for everything when Stripe is configured). */
@ApiTags('billing')
@Controller('local-checkout')
@UseGuards(SignedInGuard)
@LimitInFlightPerUser('billing')
export class LocalCheckoutController {
  constructor(private readonly local: LocalCheckoutService) {}

  @Get('sessions/:id')
  @NoStore()
  view(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<LocalCheckoutView> {
    return this.local.view(user, id);
  }

  @Post('sessions/:id/pay')
  @HttpCode(200)
  pay(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: LocalPayDto): Promise<{ redirectUrl: string }> {
    return this.local.pay(user, id, body);
  }

  @Post('sessions/:id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<{ redirectUrl: string }> {
    return this.local.cancel(user, id);
  }

  /** The "View invoice" link of a local invoice: a plain receipt page, every value escaped. */
  @Get('invoices/:id')
  @NoStore()
  @Header('Content-Type', 'text/html; charset=utf-8')
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
