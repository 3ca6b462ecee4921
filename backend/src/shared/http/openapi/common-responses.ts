import { ApiProperty } from '@nestjs/swagger';

/** `{message}`: the answer of the calls whose only news is that they worked (sign-out, resend, contact, ...). */
export class MessageResponse {
  @ApiProperty({ type: String, description: 'What happened, for people.' })
  message: string;
}

/** D31: a small WebP version of a picture, served at an address keyed by its content. */
export class RenditionResponse {
  @ApiProperty({ type: String, example: '/api/images/6f1c…/renditions/generated-640-0123456789abcdef.webp' })
  url: string;

  @ApiProperty({ type: Number })
  width: number;

  @ApiProperty({ type: Number })
  height: number;
}
