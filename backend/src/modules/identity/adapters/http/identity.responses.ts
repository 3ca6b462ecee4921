import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** GET /api/confirm-email/{token} (001 §2 confirm-email page). */
export class EmailConfirmedResponse {
  @ApiProperty({ type: String, example: 'Email verified successfully! You now have 2 free credits.' })
  message: string;

  @ApiPropertyOptional({ enum: [true], description: 'Present when the address had been verified before (nothing was granted now).' })
  alreadyVerified?: true;
}

/** GET /api/reset-password/{token}: the link still works. */
export class ResetLinkValidResponse {
  @ApiProperty({ enum: [true] })
  valid: true;
}

/** GET /api/captcha-config (D20): which captcha the sign-up form shows; both null when none is configured. */
export class CaptchaConfigResponse {
  @ApiProperty({ enum: ['turnstile'], nullable: true })
  provider: 'turnstile' | null;

  @ApiProperty({ type: String, nullable: true })
  siteKey: string | null;
}
