import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { AccountGoneError, ConfirmEmailMismatchError } from '../domain/privacy-errors';
import { confirmationMatches } from '../domain/privacy-rules';
import { AccountDeletionSteps } from './account-deletion-steps';

export interface DeleteAccountCommand {
  userId: string;
  /** The account's e-mail, as the session that asks holds it (read with the session, not again). */
  accountEmail: string;
  /** The e-mail the user typed to confirm (D35). */
  confirmEmail: unknown;
}

/**
 * "Delete my account" (D35, ADR 0019). The typed e-mail must be the account's, else nothing
 * changes. Then identity's beginDeletion ends every session and stops the account signing in, in
 * one transaction: from that moment the deletion is irrevocable and is finished, here at once or
 * by FinishAccountDeletionsJob if this run is cut off (logged; the user's answer is the same, as
 * they can no longer reach the account either way).
 */
@Injectable()
export class DeleteAccountUseCase {
  private readonly logger = new Logger('Privacy');

  constructor(
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    private readonly steps: AccountDeletionSteps,
  ) {}

  async execute(command: DeleteAccountCommand): Promise<void> {
    if (!confirmationMatches(command.confirmEmail, command.accountEmail)) throw new ConfirmEmailMismatchError();
    // false: the account went meanwhile (another request deleted it).
    if (!(await this.identity.beginDeletion(command.userId))) throw new AccountGoneError();
    try {
      await this.steps.finish(command.userId);
    } catch (error) {
      this.logger.error(`Deletion of account ${command.userId} stopped (${(error as Error).message}); the deletion job will finish it`);
    }
  }
}
