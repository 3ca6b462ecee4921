import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { TypeormImageObjectMovesRepository, type ClaimedMove, type KeyMove } from '../adapters/typeorm/typeorm-image-object-moves.repository';
import { keyInScope, otherImagePrefixes, scopeOfKey, type ObjectScope } from '../domain/object-keys';
import { IMAGE_STORE, type ImageStore } from './image-store.port';

/** Images claimed per query by the job. */
const BATCH = 50;
/** Images moved at once, and objects copied or deleted at once within one image. */
const PARALLEL = 4;
/** Moves of one image in a row when its visibility keeps changing while it moves; the job does the rest. */
const MAX_ROUNDS = 3;

/**
 * Issue 24 (ADR 0023): an image's objects are under `public/images/{id}/` while it is publicly
 * visible and under `private/images/{id}/` otherwise, because the public base (a bucket policy, a
 * CDN) publishes `public/*` only. When its visibility changes (the owner, an admin, its
 * completion), its objects move: each is copied to its key under the other prefix, the rows record
 * the new keys in one statement (only if the image still belongs there), then the old objects are
 * deleted. One instance moves an image at a time (a claim on its row, like the deletion outbox);
 * a move that fails or is cut short keeps its claim, and the job `images.move-image-objects`
 * retries it once the claim has lapsed, deleting what the unfinished move left under the other
 * prefixes. The job also moves the objects stored before issue 24 under `images/{id}/`.
 */
@Injectable()
export class ImageObjectMovesService implements OnModuleDestroy {
  private readonly logger = new Logger('Images');
  private readonly waiting = new Set<string>();
  private draining: Promise<void> | null = null;

  constructor(
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    private readonly objects: TypeormImageObjectMovesRepository,
  ) {}

  /**
   * Moves the image's objects where its visibility says, now, in the background: called once a
   * change that may move them has committed. Failures are logged; the job retries.
   */
  settleSoon(imageId: string): void {
    if (!this.store.holdsObjects) return;
    this.waiting.add(imageId);
    this.drain();
  }

  /**
   * Moves the image's objects where its visibility says, unless they are there or another
   * instance is moving them (it looks at the image again when it is done). Moves again if the
   * visibility changed meanwhile.
   */
  async settle(imageId: string): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const claim = await this.objects.claimMove(imageId);
      if (!claim || !(await this.moveClaimed(claim))) return;
    }
  }

  /**
   * The job: every image whose objects are not (known to be) where its visibility says, or whose
   * move did not finish, until none is due. Safe on several instances at once (each claims its
   * own). How many images it moved.
   */
  async settleDue(): Promise<number> {
    if (!this.store.holdsObjects) return 0;
    let moved = 0;
    for (;;) {
      const claims = await this.objects.claimDueMoves(BATCH);
      await inParallel(claims, PARALLEL, async (claim) => {
        try {
          if (await this.moveClaimed(claim)) await this.settle(claim.id);
          moved++;
        } catch (error) {
          this.logger.warn(`Objects of image ${claim.id} could not be moved (will retry): ${(error as Error).message}`);
        }
      });
      if (claims.length < BATCH) return moved;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.waiting.clear();
    await this.draining;
  }

  /**
   * Moves a claimed image's objects and ends the claim; true when its visibility changed
   * meanwhile (it is to move again). A failure leaves the claim: the job retries when it lapses.
   */
  private async moveClaimed({ id, recovering }: ClaimedMove): Promise<boolean> {
    const image = await this.objects.objectsOf(id);
    if (!image) return false; // Deleted: its objects are the deletion outbox's.
    const target = image.scope;
    const moves: KeyMove[] = image.keys.filter((key) => scopeOfKey(key) !== target).map((from) => ({ from, to: keyInScope(from, target) }));
    await inParallel(moves, PARALLEL, async ({ from, to }) => {
      // A missing object stays missing under its new key (its address answers 404 as before).
      if (!(await this.store.copy(from, to))) this.logger.warn(`Image object ${from} is missing; recorded as ${to}`);
    });
    const outcome = await this.objects.recordMove(id, target, moves);
    if (outcome === 'moved') {
      await this.store.delete(moves.map((m) => m.from));
      if (recovering) await this.deleteStrays(id, target);
    } else {
      // Not recorded (the image is to go elsewhere now, or is gone): the copies go again.
      await this.store.delete(moves.map((m) => m.to));
      if (outcome === 'gone') return false;
    }
    return this.objects.moveDone(id);
  }

  /** After a move that did not finish: objects under the image's other prefixes that no row records (copies, or old objects not deleted). */
  private async deleteStrays(id: string, target: ObjectScope): Promise<void> {
    const found = (await Promise.all(otherImagePrefixes(id, target).map((prefix) => this.store.list(prefix)))).flat();
    if (found.length === 0) return;
    const recorded = new Set((await this.objects.objectsOf(id))?.keys ?? []);
    const strays = found.filter((key) => !recorded.has(key));
    await this.store.delete(strays);
    if (strays.length) this.logger.log(`Deleted ${strays.length} objects an unfinished move of image ${id} left`);
  }

  /** Settles the waiting images a few at a time, until none is left. */
  private drain(): void {
    if (this.draining) return;
    this.draining = (async () => {
      while (this.waiting.size) {
        const ids = [...this.waiting].slice(0, PARALLEL);
        for (const id of ids) this.waiting.delete(id);
        await Promise.all(
          ids.map((id) =>
            this.settle(id).catch((error: unknown) => {
              this.logger.warn(`Objects of image ${id} could not be moved (the job retries): ${(error as Error).message}`);
            }),
          ),
        );
      }
    })().finally(() => {
      this.draining = null;
      if (this.waiting.size) this.drain();
    });
  }
}

/** Runs `fn` over the items, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
