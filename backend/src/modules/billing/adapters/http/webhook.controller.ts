import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { WebhookService } from '../../application/webhook.service';

/**
 * D27: Stripe's webhook. The body arrives raw (configure-app mounts express.raw on this path
 * before the JSON parser) because the signature covers the exact bytes.
 */
@ApiExcludeController()
@Controller('webhooks')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post('stripe')
  @HttpCode(200)
  @ApiBadRequestResponse({ description: 'Missing or bad Stripe-Signature; nothing changed.' })
  receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive(Buffer.isBuffer(req.body) ? req.body : undefined, signature);
  }
}
