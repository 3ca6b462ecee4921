import { Module } from '@nestjs/common';

/**
 * Generation: uploads, the image model port, the Magic Editor API (issue 4).
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class GenerationModule {}
