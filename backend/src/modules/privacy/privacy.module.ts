import { ReportsModule } from '../reports';
import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { BillingModule } from '../billing';
import { CommunityModule } from '../community';
import { CreditsModule } from '../credits';
import { IdentityModule } from '../identity';
import { ImagesModule } from '../images';
import { PrivacyController } from './adapters/http/privacy.controller';
import { AccountDeletionSteps } from './application/account-deletion-steps';
import { DeleteAccountUseCase } from './application/delete-account.use-case';
import { ExportUserDataUseCase } from './application/export-user-data.use-case';
import { FinishAccountDeletionsJob } from './application/finish-account-deletions.job';

/**
 * Privacy (D35, ADR 0019): a user's data download and account deletion. It owns no table: it
 * orchestrates identity, billing, credits, images and community through their APIs only, and
 * nothing depends on it (so no context has to know about the others to delete an account).
 */
@Module({
  imports: [IdentityModule, BillingModule, CreditsModule, ImagesModule, CommunityModule, RateLimitModule, ReportsModule],
  controllers: [PrivacyController],
  providers: [ExportUserDataUseCase, AccountDeletionSteps, DeleteAccountUseCase, FinishAccountDeletionsJob],
})
export class PrivacyModule {}
