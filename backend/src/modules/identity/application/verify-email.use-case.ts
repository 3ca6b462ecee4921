import { Inject, Injectable } from '@nestjs/common';
import { CREDITS_API, type CreditsApi } from '../../credits';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { InvalidVerificationTokenError } from '../domain/identity-errors';
import { VERIFICATION_CREDITS, verificationGrantKey } from '../domain/registration-policy';
import { hashVerificationToken, looksLikeVerificationToken } from './verification-token';

export type VerificationOutcome = 'verified' | 'already-verified';

/**
 * Following the link of the verification mail (D1, D5). Marks the address verified and grants the
 * 2 watermarked credits, once per account whatever the number of visits: the grant carries the
 * key `verification:{userId}`, and the token hash is kept so a later visit answers "already
 * verified". An unknown, malformed or expired token is invalid.
 */
@Injectable()
export class VerifyEmailUseCase {
  constructor(
    private readonly accounts: TypeormAccountRepository,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
  ) {}

  async execute(token: string | undefined): Promise<VerificationOutcome> {
    if (!looksLikeVerificationToken(token)) throw new InvalidVerificationTokenError();
    const pending = await this.accounts.findByVerificationTokenHash(hashVerificationToken(token));
    if (!pending) throw new InvalidVerificationTokenError();
    const { account, expiresAt } = pending;
    if (account.emailVerified) return 'already-verified';
    if (!expiresAt || expiresAt.getTime() <= Date.now()) throw new InvalidVerificationTokenError();

    // Grant first, then mark: the grant is idempotent (D5), so a crash in between is repaired by
    // the next visit, while marking first could leave a verified account without its credits.
    await this.credits.grant({
      userId: account.id,
      credits: VERIFICATION_CREDITS,
      kind: 'watermarked',
      type: 'grant',
      sourceType: 'verification',
      description: 'Free credits for verifying your email',
      idempotencyKey: verificationGrantKey(account.id),
      expiresAt: null,
    });
    return (await this.accounts.markEmailVerified(account.id)) ? 'verified' : 'already-verified';
  }
}
