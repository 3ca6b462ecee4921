import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { AccountGoneError, ConfirmEmailMismatchError } from '../domain/privacy-errors';
import { confirmationMatches } from '../domain/privacy-rules';
import { AccountDeletionSteps } from './account-deletion-steps';

export interface DeleteAccountCommand {
  userId: string;
  /** The e-mail the user typed to confirm (D35). */
  confirmEmail: unknown;
}

/**
 * "Delete my account" (D35, ADR 0019). The typed e-mail must be the account's, else nothing
 * changes. Then identity's beginDeletion ends every session and stops the account signing in, in
 * one transaction: from that moment the deletion is irrevocable and is finished, here at once or
 * by FinishAccountDeletionsJob if this run is cut off (`finished: false`, logged; the user's
 * answer is the same, as they can no longer reach the account either way).
 */
@Injectable()
export class DeleteAccountUseCase {
  private readonly logger = new Logger('Privacy');

  constructor(
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    private readonly steps: AccountDeletionSteps,
  ) {}

  async execute(command: DeleteAccountCommand): Promise<{ finished: boolean }> {
    const account = await this.identity.findById(command.userId);
    if (!account) throw new AccountGoneError();
    if (!confirmationMatches(command.confirmEmail, account.email)) throw new ConfirmEmailMismatchError();
    if (!(await this.identity.beginDeletion(account.id))) throw new AccountGoneError();
    try {
      await this.steps.finish(account.id);
      return { finished: true };
    } catch (error) {
      this.logger.error(`Deletion of account ${account.id} stopped (${(error as Error).message}); the deletion job will finish it`);
      return { finished: false };
    }
  }
}
