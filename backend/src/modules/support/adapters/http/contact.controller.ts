import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { OptionalUser } from '../../../../shared/auth/guards';
import { clientIp } from '../../../../shared/http/client-ip';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { MessageResponse } from '../../../../shared/http/openapi/common-responses';
import { SendContactMessageUseCase } from '../../application/send-contact-message.use-case';
import { CONTACT_SENT } from '../../domain/contact-message';
import { ContactMessageDto } from './contact.dto';


/** The contact form (001 §2, §3, §7; D34): anyone may write, signed in or not. */
@ApiTags('support')
@Controller('contact')
export class ContactController {
  constructor(private readonly sendContactMessage: SendContactMessageUseCase) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a message to support (stored, then mailed to SUPPORT_EMAIL with reply-to the sender)' })
  @ApiCreatedResponse({ type: MessageResponse, description: '`{message: "Message sent"}` (also when the honeypot is filled, and then nothing is done).' })
  @ApiErrors({ 429: { 'SUPPORT.TOO_MANY_MESSAGES': 'The hourly limit of the client address (D34).' } })
  async send(@Body() body: ContactMessageDto, @Req() req: Request, @OptionalUser() user: AuthUser | null): Promise<MessageResponse> {
    await this.sendContactMessage.execute({
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      website: body.website,
      ip: clientIp(req),
      userId: user?.id ?? null,
    });
    return { message: CONTACT_SENT };
  }
}
