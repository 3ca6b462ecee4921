import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CREDITS_API, type CreditKind, type CreditsApi, InsufficientCreditsError, type UserCreditStats } from '../../credits';
import { BelowZeroError } from '../domain/admin-errors';
import type { AdminActor } from '../domain/audit';
import { adjustmentKey, type AdjustmentReason } from '../domain/credit-adjustment';
import { AuditTrailService } from './audit-trail.service';
import { UserDirectoryService } from './user-directory.service';

export interface AdjustCreditsCommand {
  userId: string;
  kind: CreditKind;
  /** Signed whole number, not 0. */
  credits: number;
  reason: AdjustmentReason;
  notes?: string | null;
  /** The dashboard's Idempotency-Key (D32); without one, every call adjusts. */
  clientKey?: string;
}

export interface AdjustCreditsResult {
  transactionId: string;
  /** false: this key had adjusted already, nothing changed now. */
  applied: boolean;
  balance: UserCreditStats;
}

/**
 * 001 §2 Adjust Credits (D3, D5, D32): one signed ledger row for the user, never below 0 (D4), once
 * per key, inside its audit row. Retried with the same key after a crash, it finishes that row.
 */
@Injectable()
export class AdjustCreditsUseCase {
  constructor(
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    private readonly users: UserDirectoryService,
    private readonly audit: AuditTrailService,
  ) {}

  async execute(actor: AdminActor, command: AdjustCreditsCommand): Promise<AdjustCreditsResult> {
    // The account's own id (lower-case), not the path's spelling: the key, the ledger and the
    // trail must name the user the same way whatever case the id came in.
    const userId = (await this.users.existing(command.userId)).id;
    const idempotencyKey = adjustmentKey(userId, command.kind, command.clientKey ?? randomUUID());
    const notes = command.notes?.trim() || null;
    return this.audit.run(
      actor,
      {
        action: 'credits.adjust',
        targetType: 'user',
        targetId: userId,
        reason: notes ? `${command.reason}: ${notes}` : command.reason,
        details: { kind: command.kind, credits: command.credits },
        idempotencyKey,
      },
      async () => {
        let adjusted: { transactionId: string; applied: boolean };
        try {
          adjusted = await this.credits.adjust({
            userId,
            kind: command.kind,
            credits: command.credits,
            reason: command.reason,
            notes: notes ?? undefined,
            adminId: actor.id,
            idempotencyKey,
          });
        } catch (error) {
          if (error instanceof InsufficientCreditsError) throw new BelowZeroError();
          throw error;
        }
        const balance = await this.credits.userStats(userId);
        return { value: { ...adjusted, balance }, details: { transactionId: adjusted.transactionId } };
      },
    );
  }
}
