import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { WebhookService } from '../../application/webhook.service';
import { WebhookReceivedResponse } from './billing.responses';

/**
 * D27: Stripe's webhook. The body arrives raw (configure-app mounts express.raw on this path
 * before the JSON parser) because the signature covers the exact bytes.
 */
@ApiTags('billing')
@Controller('webhooks')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post('stripe')
  @HttpCode(200)
  @ApiOperation({ summary: "Stripe's events (D27): checkout completed, invoices, subscriptions, refunds and disputes; for Stripe only" })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: "Stripe's signature over the exact bytes of the body." })
  @ApiBody({ description: "A Stripe event, as Stripe sends it (read raw: the signature covers its bytes).", schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ type: WebhookReceivedResponse })
  @ApiErrors({
    400: {
      'BILLING.WEBHOOK_SIGNATURE': 'Missing or bad Stripe-Signature, or an empty body; nothing changed.',
      'BILLING.WEBHOOK_API_VERSION': "The event's API version is not one this server reads (docs/billing.md); Stripe retries.",
    },
    503: { 'BILLING.PROVIDER_UNAVAILABLE': 'Stripe could not be asked while handling the event; Stripe retries.' },
  })
  receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookReceivedResponse> {
    return this.webhooks.receive(Buffer.isBuffer(req.body) ? req.body : undefined, signature);
  }
}
