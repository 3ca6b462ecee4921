import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsIn, IsOptional, MinLength } from 'class-validator';
import {
  CAPTCHA_TOKEN_MAX,
  EMAIL_MAX,
  FINGERPRINT_PATTERN,
  MESSAGES,
  NAME_MAX,
  NEW_PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../../domain/account-rules';
import { Filled, MaxChars, Pattern, Text, trim, trimToUndefined } from '../../../../shared/http/validators';

/* Request bodies with the spec's messages; the checks and their order rule: shared/http/validators.ts. */

export class RegisterDto {
  @ApiProperty({ example: 'ann@example.com', maxLength: EMAIL_MAX })
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  @MaxChars(EMAIL_MAX, MESSAGES.emailTooLong)
  email: string;

  @ApiProperty({ example: 'ann_b', minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN.source })
  @Transform(trim)
  @Pattern(USERNAME_PATTERN, MESSAGES.usernameCharacters)
  @MaxChars(USERNAME_MAX, MESSAGES.usernameTooLong)
  @MinLength(USERNAME_MIN, { message: MESSAGES.usernameTooShort })
  username: string;

  @ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @MaxChars(PASSWORD_MAX, MESSAGES.passwordTooLong)
  @MinLength(PASSWORD_MIN, { message: MESSAGES.passwordTooShort })
  password: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(NAME_MAX, MESSAGES.firstNameTooLong)
  @Text(MESSAGES.firstNameTooLong)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(NAME_MAX, MESSAGES.lastNameTooLong)
  @Text(MESSAGES.lastNameTooLong)
  lastName?: string;

  @ApiPropertyOptional({ description: 'SHA-256 hex digest of the browser fingerprint', pattern: FINGERPRINT_PATTERN.source })
  @Transform(trimToUndefined)
  @IsOptional()
  @Pattern(FINGERPRINT_PATTERN, MESSAGES.fingerprintInvalid)
  @Text(MESSAGES.fingerprintInvalid)
  deviceFingerprint?: string;

  @ApiPropertyOptional({ description: 'Turnstile token, when the server asked for a captcha' })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(CAPTCHA_TOKEN_MAX, MESSAGES.captchaTokenInvalid)
  @Text(MESSAGES.captchaTokenInvalid)
  captchaToken?: string;

  @ApiPropertyOptional({ enum: ['signup', 'video'], default: 'signup' })
  @IsOptional()
  @IsIn(['signup', 'video'], { message: MESSAGES.sourceInvalid })
  source?: 'signup' | 'video';
}

export class LoginDto {
  @ApiProperty({ example: 'ann@example.com' })
  @Transform(trim)
  @MaxChars(EMAIL_MAX, MESSAGES.emailTooLong)
  @Filled(MESSAGES.emailRequired)
  email: string;

  @ApiProperty()
  @MaxChars(PASSWORD_MAX, MESSAGES.passwordTooLong)
  @Filled(MESSAGES.passwordRequired)
  password: string;
}

export class ResendConfirmationDto {
  @ApiProperty({ example: 'ann@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  @MaxChars(EMAIL_MAX, MESSAGES.emailTooLong)
  @Filled(MESSAGES.resendEmailRequired)
  email: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @MaxChars(PASSWORD_MAX, MESSAGES.passwordTooLong)
  @Filled(MESSAGES.currentPasswordRequired)
  currentPassword: string;

  @ApiProperty({ minLength: NEW_PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @MaxChars(PASSWORD_MAX, MESSAGES.passwordTooLong)
  @MinLength(NEW_PASSWORD_MIN, { message: MESSAGES.newPasswordTooShort })
  newPassword: string;
}

/** D36: "Forgot password?" Anything but a valid address is answered "Please enter a valid email address". */
export class ForgotPasswordDto {
  @ApiProperty({ example: 'ann@example.com', maxLength: EMAIL_MAX })
  @Transform(trim)
  @MaxChars(EMAIL_MAX, MESSAGES.emailTooLong)
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  email: string;
}

/** D36: a new password from a reset link, with the change-password rules (001 §5). */
export class ResetPasswordDto {
  @ApiProperty({ type: String, description: 'The token of the mailed link /reset-password/{token}' })
  // Checked by the use case: a missing or malformed token is an invalid link (IDENTITY.RESET_LINK_INVALID).
  @Allow()
  token: unknown;

  @ApiProperty({ minLength: NEW_PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @MaxChars(PASSWORD_MAX, MESSAGES.passwordTooLong)
  @MinLength(NEW_PASSWORD_MIN, { message: MESSAGES.newPasswordTooShort })
  newPassword: string;
}
