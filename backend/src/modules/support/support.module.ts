import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { ContactController } from './adapters/http/contact.controller';
import { TypeormContactMessageRepository } from './adapters/typeorm/typeorm-contact-message.repository';
import { ContactMailDelivery } from './application/contact-mail-delivery.service';
import { DeliverContactMessagesJob } from './application/deliver-contact-messages.job';
import { SendContactMessageUseCase } from './application/send-contact-message.use-case';

/**
 * Support: the contact form (D34). Messages are stored in `contact_message` and mailed to
 * SUPPORT_EMAIL through MAILER (global MailModule); the delivery job retries the mails that failed.
 */
@Module({
  imports: [RateLimitModule],
  controllers: [ContactController],
  providers: [TypeormContactMessageRepository, ContactMailDelivery, SendContactMessageUseCase, DeliverContactMessagesJob],
})
export class SupportModule {}
