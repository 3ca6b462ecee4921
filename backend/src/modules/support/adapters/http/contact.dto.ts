import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsEmail } from 'class-validator';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../domain/contact-message';
import { Filled, MaxChars, trim } from '../../../../shared/http/validators';

/* POST /api/contact with the contract's messages; the checks and their order rule: shared/http/validators.ts. */

export class ContactMessageDto {
  @ApiProperty({ example: 'Ann Baker', maxLength: CONTACT_LIMITS.nameMax })
  @Transform(trim)
  @MaxChars(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong)
  @Filled(CONTACT_MESSAGES.nameRequired)
  name: string;

  @ApiProperty({ example: 'ann@example.com', maxLength: CONTACT_LIMITS.emailMax })
  @Transform(trim)
  @IsEmail({}, { message: CONTACT_MESSAGES.emailInvalid })
  @MaxChars(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailTooLong)
  @Filled(CONTACT_MESSAGES.emailRequired)
  email: string;

  @ApiProperty({ example: 'A question about my subscription', maxLength: CONTACT_LIMITS.subjectMax })
  @Transform(trim)
  @MaxChars(CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subjectTooLong)
  @Filled(CONTACT_MESSAGES.subjectRequired)
  subject: string;

  @ApiProperty({ example: 'Hello, …', maxLength: CONTACT_LIMITS.messageMax })
  @Transform(trim)
  @MaxChars(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong)
  @Filled(CONTACT_MESSAGES.messageRequired)
  message: string;

  /** D34: the hidden honeypot; people leave it empty. Any value is accepted (and the message dropped). */
  @ApiPropertyOptional({ type: String, description: 'Hidden field (honeypot): people leave it empty' })
  @Allow()
  website?: unknown;
}
