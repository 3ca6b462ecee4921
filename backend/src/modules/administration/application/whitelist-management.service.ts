import { Inject, Injectable } from '@nestjs/common';
import { type FlaggedDevice, IDENTITY_API, type IdentityApi, type WhitelistEntry, WhitelistEntryNotFoundError, type WhitelistType } from '../../identity';
import type { Page, PageRequest } from '../../../shared/pagination';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';

/** D19: the admin's view and care of `admin_whitelist` (identity's) and of flagged devices. */
@Injectable()
export class WhitelistManagementService {
  constructor(
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    private readonly audit: AuditTrailService,
  ) {}

  list(page: PageRequest): Promise<Page<WhitelistEntry>> {
    return this.identity.whitelist(page);
  }

  add(actor: AdminActor, entry: { type: WhitelistType; value: string; reason: string | null }): Promise<WhitelistEntry> {
    // A malformed value is refused before the audit row: nothing was tried.
    const value = this.identity.whitelistValue(entry.type, entry.value);
    return this.audit.run(
      actor,
      { action: 'whitelist.add', targetType: 'whitelist', targetId: null, reason: entry.reason, details: { type: entry.type, value } },
      async () => {
        const added = await this.identity.addToWhitelist({ ...entry, createdBy: actor.id });
        return { value: added, details: { entryId: added.id, value: added.value } };
      },
    );
  }

  async setActive(actor: AdminActor, id: string, isActive: boolean): Promise<WhitelistEntry> {
    // Entry ids are bigints: anything else names no entry (404, and nothing was tried).
    if (!/^[0-9]{1,18}$/.test(id)) throw new WhitelistEntryNotFoundError();
    return this.audit.run(
      actor,
      { action: 'whitelist.update', targetType: 'whitelist', targetId: id, reason: null, details: { isActive } },
      async () => {
        const entry = await this.identity.setWhitelistEntryActive(id, isActive);
        return { value: entry, details: { type: entry.type, value: entry.value } };
      },
    );
  }

  flaggedDevices(page: PageRequest): Promise<Page<FlaggedDevice>> {
    return this.identity.flaggedDevices(page);
  }
}
