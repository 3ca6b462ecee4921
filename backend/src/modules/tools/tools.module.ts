import { Module } from '@nestjs/common';

/**
 * Tools: YouTube to Article.
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class ToolsModule {}
