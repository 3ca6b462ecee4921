import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { CannotSuspendSelfError } from '../domain/admin-errors';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';
import { type AdminUserView, UserDirectoryService } from './user-directory.service';

/**
 * 001 §4 user active ↔ suspended (D21): a suspended account cannot sign in and its open sessions
 * end at once (identity does both in one transaction). An admin cannot suspend themselves.
 */
@Injectable()
export class SuspendUserUseCase {
  constructor(
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    private readonly users: UserDirectoryService,
    private readonly audit: AuditTrailService,
  ) {}

  async execute(actor: AdminActor, userId: string, suspended: boolean, reason: string | null): Promise<AdminUserView> {
    if (suspended && userId.toLowerCase() === actor.id.toLowerCase()) throw new CannotSuspendSelfError();
    const target = await this.users.existing(userId);
    return this.audit.run(
      actor,
      {
        action: suspended ? 'user.suspend' : 'user.unsuspend',
        targetType: 'user',
        targetId: target.id,
        reason,
        details: { email: target.email, wasSuspended: target.isSuspended },
      },
      async () => {
        const after = suspended ? await this.identity.suspend(target.id) : await this.identity.unsuspend(target.id);
        return { value: await this.users.view(after) };
      },
    );
  }
}
