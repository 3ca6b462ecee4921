import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { Allow, IsEmail, ValidateBy } from 'class-validator';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../domain/contact-message';

/*
 * POST /api/contact with the contract's messages. The global ValidationPipe answers 400 with the
 * first field's first message; class-validator runs a property's decorators from the bottom up, so
 * the message that should win is written last (closest to the property). The length check passes
 * a value that is not a string (the "required" check already speaks for it).
 */

/** A string with at least one character (after trimming). */
function Filled(message: string): PropertyDecorator {
  return ValidateBy({ name: 'filled', validator: { validate: (v: unknown) => typeof v === 'string' && v.length > 0 } }, { message });
}

/** At most `max` characters (a non-string passes: see Filled). */
function MaxChars(max: number, message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'maxChars', constraints: [max], validator: { validate: (v: unknown) => typeof v !== 'string' || v.length <= max } },
    { message },
  );
}

const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

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
