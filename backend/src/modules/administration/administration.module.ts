import { Module } from '@nestjs/common';

/**
 * Administration: the admin dashboard API.
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class AdministrationModule {}
