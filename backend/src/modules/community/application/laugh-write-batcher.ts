import { Inject, Injectable } from '@nestjs/common';
import { allowPerWindow, storedSubject } from '../../../shared/rate-limit/rate-limit-policy';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { type LaughLimit, type LaughToggle, type LaughWrite, TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { LAUGHS_PER_IP_PER_MINUTE } from '../domain/laugh';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/** Most laughs one statement writes. */
export const LAUGH_BATCH_MAX = 256;
/** A batch the database ended in a deadlock (with another instance's) is tried again this many times. */
const DEADLOCK_RETRIES = 3;
const DEADLOCK_DETECTED = '40P01';

interface Waiting {
  toggle: LaughToggle;
  retries: number;
  resolve(write: LaughWrite): void;
  reject(error: unknown): void;
}

/**
 * ADR 0037: laugh writes of one instance go to the database in batches, one statement (and one
 * commit) for every laugh that arrived while the previous batch was being written, one batch at a
 * time; each batch moves the hot image's `laugh_count` once. A lone laugh is written at once (a
 * batch of one); under a burst, a round trip, its statement's fixed cost and its commit are shared
 * by up to LAUGH_BATCH_MAX laughs. Every laugh
 * keeps its own rule (D15: counted against its address, whitelisted or refused, found or not, once
 * per identifier), decided by the statement for each row (TypeormCommunityRepository.toggleLaughs).
 *
 * A batch never holds two laughs of one address (an upsert touches its counter row once per
 * statement) nor two of one image and identifier (their order matters): the later one waits for
 * the next batch, and laughs otherwise keep their order of arrival.
 */
@Injectable()
export class LaughWriteBatcher {
  private readonly queue: Waiting[] = [];
  private writing = false;
  private readonly limit: LaughLimit;

  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(IDENTITY_API) identity: IdentityApi,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {
    this.limit = {
      type: 'laugh',
      identifier: '',
      // D15: 60 laughs pass per address per minute; the 61st and later are refused for a minute.
      policy: allowPerWindow(LAUGHS_PER_IP_PER_MINUTE, 1),
      whitelisted: (ipRef) => identity.ipWhitelistedSql(ipRef),
    };
  }

  /** What the laugh did, once the batch that wrote it committed (`ip`: the client's address as it came). */
  write(laugh: LaughToggle): Promise<LaughWrite> {
    // The address as the counter stores it (cut to its column), so a batch compares what it writes.
    const toggle = { ...laugh, ip: storedSubject({ ip: laugh.ip, type: this.limit.type, identifier: this.limit.identifier }).ip };
    return new Promise<LaughWrite>((resolve, reject) => {
      this.queue.push({ toggle, retries: 0, resolve, reject });
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.writing || this.queue.length === 0) return;
    const batch = takeBatch(this.queue, LAUGH_BATCH_MAX);
    this.writing = true;
    this.repository
      .toggleLaughs(
        batch.map((w) => w.toggle),
        this.limit,
      )
      .then(
        ({ writes, countsMoved }) => {
          // Counts moved: this instance's feed cache goes now, the others' on the coalesced
          // notification (ADR 0011); the answers go after, so a read that follows one sees the count.
          if (countsMoved) {
            this.cache.invalidate();
            this.feedChanged.notify();
          }
          batch.forEach((w, i) => w.resolve(writes[i]));
        },
        (error: unknown) => {
          const deadlocked = (error as { code?: unknown } | null)?.code === DEADLOCK_DETECTED;
          // Rolled back whole (nothing counted, nothing written): tried again first, in order.
          const again = deadlocked ? batch.filter((w) => w.retries++ < DEADLOCK_RETRIES) : [];
          for (const w of batch) if (!again.includes(w)) w.reject(error);
          this.queue.unshift(...again);
        },
      )
      .finally(() => {
        this.writing = false;
        this.writeNext();
      });
  }
}

/**
 * Takes from `queue`, in order, up to `max` laughs no two of which share an address or an image
 * and identifier, and none of which shares either with a laugh left before it (so two laughs of one
 * identifier on one image are never reordered); the rest stay queued in their order.
 */
export function takeBatch<T extends { toggle: LaughToggle }>(queue: T[], max: number): T[] {
  const batch: T[] = [];
  const addresses = new Set<string>();
  const laughs = new Set<string>();
  let kept = 0;
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i];
    const laugh = `${item.toggle.imageId} ${item.toggle.laugher.userIdentifier}`;
    const free = batch.length < max && !addresses.has(item.toggle.ip) && !laughs.has(laugh);
    addresses.add(item.toggle.ip);
    laughs.add(laugh);
    if (free) batch.push(item);
    else queue[kept++] = item;
  }
  queue.length = kept;
  return batch;
}
