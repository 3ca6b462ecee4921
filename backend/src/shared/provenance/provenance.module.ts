import { Module } from '@nestjs/common';
import { ContentCredentialsService } from './content-credentials.service';

/** D42: content credentials (C2PA) for the files the product makes. */
@Module({
  providers: [ContentCredentialsService],
  exports: [ContentCredentialsService],
})
export class ProvenanceModule {}
