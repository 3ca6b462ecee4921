import { Module } from '@nestjs/common';

/**
 * Credits: the ledger and CREDITS_API (issue 3).
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class CreditsModule {}
