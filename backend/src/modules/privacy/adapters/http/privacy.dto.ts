import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** POST /api/user/delete-account (D35): the account's e-mail, typed to confirm. */
export class DeleteAccountDto {
  @ApiProperty({ description: "The account's e-mail, typed to confirm", example: 'ann@example.com', maxLength: 255 })
  @MaxLength(255, { message: 'The email you typed does not match your account.' })
  @IsString({ message: 'Please type your email address to confirm' })
  confirmEmail: string;
}
