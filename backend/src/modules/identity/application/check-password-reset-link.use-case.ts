import { Injectable } from '@nestjs/common';
import { TypeormPasswordResetRepository } from '../adapters/typeorm/typeorm-password-reset.repository';
import { PasswordResetLinkInvalidError } from '../domain/identity-errors';
import { hashVerificationToken, looksLikeVerificationToken } from './verification-token';

/**
 * D36: whether a reset link still works (the reset page asks before showing its form). A token
 * that could not have been made by us is refused without a query; an unknown, expired or used one,
 * or one of a suspended account, is refused alike. Answers the token's hash when it works.
 */
@Injectable()
export class CheckPasswordResetLinkUseCase {
  constructor(private readonly resets: TypeormPasswordResetRepository) {}

  async execute(token: unknown): Promise<string> {
    if (typeof token !== 'string' || !looksLikeVerificationToken(token)) throw new PasswordResetLinkInvalidError();
    const tokenHash = hashVerificationToken(token);
    if (!(await this.resets.isUsable(tokenHash))) throw new PasswordResetLinkInvalidError();
    return tokenHash;
  }
}
