import { Module } from '@nestjs/common';

/**
 * Support: contact messages.
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class SupportModule {}
