import { Module } from '@nestjs/common';

/**
 * Identity: accounts, sessions, e-mail verification, anti-abuse (issue 3).
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class IdentityModule {}
