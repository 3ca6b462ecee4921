import { Injectable } from '@nestjs/common';
import { isUuid } from '../../../shared/ids';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import type { CommunityApi } from '../community.api';
import { LaughCountFolder } from './laugh-count-folder';

/** Laughs removed per statement when an account goes (D35). */
const REMOVE_BATCH = 500;

/** COMMUNITY_API (community.api.ts). */
@Injectable()
export class CommunityApiService implements CommunityApi {
  constructor(
    private readonly repository: TypeormCommunityRepository,
    private readonly folder: LaughCountFolder,
  ) {}

  async removeLaughsBy(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    let removed = 0;
    for (;;) {
      const batch = await this.repository.removeLaughsOf(userId, REMOVE_BATCH);
      removed += batch;
      if (batch === 0) break;
    }
    // The counts follow before the account's deletion goes on (ADR 0034, 0037); the fold drops the caches.
    if (removed > 0) await this.folder.fold();
    return removed;
  }
}
