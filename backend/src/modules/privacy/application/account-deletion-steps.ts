import { Inject, Injectable, Logger } from '@nestjs/common';
import { BILLING_API, type BillingApi } from '../../billing';
import { COMMUNITY_API, type CommunityApi } from '../../community';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { IMAGES_API, type ImagesApi } from '../../images';

/**
 * D35, ADR 0019: the steps after identity's beginDeletion, in order, each through its owner's API
 * and each safe to run again, so a run cut off anywhere (a crash, the payment provider down) is
 * finished by running them all again (FinishAccountDeletionsJob):
 *   2. billing ends the subscription now (nothing is billed to an account that is going);
 *   3. images deletes every image with its bytes and renditions (the feed follows);
 *   4. community removes the laughs the user gave;
 *   5. credits keeps the ledger: the database anonymises its rows when the account row goes;
 *   6. identity deletes the account (sessions, registration links; the e-mail is free again).
 * A step that throws stops the run before the account row goes, so the job can try again.
 */
@Injectable()
export class AccountDeletionSteps {
  private readonly logger = new Logger('Privacy');

  constructor(
    @Inject(BILLING_API) private readonly billing: BillingApi,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    @Inject(COMMUNITY_API) private readonly community: CommunityApi,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
  ) {}

  async finish(userId: string): Promise<void> {
    const { endedSubscriptionId } = await this.billing.endSubscriptionNow(userId);
    const deletedImages = await this.images.deleteAllOf(userId);
    const removedLaughs = await this.community.removeLaughsBy(userId);
    // false: the account row was gone already (another run finished first).
    if (await this.identity.deleteAccount(userId)) {
      this.logger.log(
        `Account ${userId} deleted (${deletedImages} images, ${removedLaughs} laughs${endedSubscriptionId ? `, subscription ${endedSubscriptionId} ended` : ''})`,
      );
    }
  }
}
