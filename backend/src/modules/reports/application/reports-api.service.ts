import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { ImageFingerprint } from '../../../shared/fingerprint/image-fingerprint';
import { MAILER, type Mailer } from '../../../shared/mail/mailer.port';
import { EventBus } from '../../../shared/events/event-bus';
import { IMAGE_WITHDRAWN, type ImageWithdrawn } from '../domain/image-withdrawn.event';
import { type Page, pageRequest, type PageRequest } from '../../../shared/pagination';
import { isUuid } from '../../../shared/ids';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { IMAGES_API, type ImagesApi, type TakenDownImage } from '../../images';
import { TypeormReportsRepository } from '../adapters/typeorm/typeorm-reports.repository';
import { BLOCK_DISTANCE } from '../domain/report';
import { NoOpenReportError } from '../domain/reports-errors';
import type { DismissResult, MyReport, ReportCaseView, ReportsApi, ReportsExport, TakeDownResult } from '../reports.api';
import { restoredMail, takedownMail } from './takedown-mail';

/** How many of a user's own reports the export and the profile list. */
const MY_REPORTS_MAX = 500;

/**
 * D43: the review side of reports and the block list. A takedown is made of steps that are each
 * safe to repeat, in an order where a crash between two leaves the image blocked and gone rather
 * than decided and still there: hashes blocked, matching images deleted (the reported one and its
 * copies: same bytes, or pixels within BLOCK_DISTANCE bits), then the cases decided, then the
 * owners mailed. Two admins at once: both do the idempotent steps, one decides, the other is told
 * there is no open report any more.
 */
@Injectable()
export class ReportsApiService implements ReportsApi {
  private readonly logger = new Logger('Reports');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly reports: TypeormReportsRepository,
    private readonly events: EventBus,
  ) {}

  isBlocked(fingerprint: ImageFingerprint): Promise<boolean> {
    return this.reports.isBlocked(fingerprint);
  }

  async openCases(page: PageRequest = {}, now = new Date()): Promise<Page<ReportCaseView>> {
    const { limit, offset } = pageRequest(page);
    const { items, total } = await this.reports.openCases(limit, offset);
    const ownerIds = [...new Set(items.map((c) => c.ownerId).filter((id): id is string => id !== null))];
    const owners = new Map((ownerIds.length ? await this.identity.findByIds(ownerIds) : []).map((u) => [u.id, u]));
    return {
      total,
      limit,
      offset,
      items: items.map((c) => {
        const owner = c.ownerId ? owners.get(c.ownerId) : undefined;
        return {
          imageId: c.imageId,
          ownerId: c.ownerId,
          ownerEmail: owner?.email ?? null,
          ownerSuspended: owner?.isSuspended ?? false,
          prompt: c.prompt,
          firstReportedAt: c.firstReportedAt,
          deadline: c.deadlineAt,
          overdue: c.deadlineAt.getTime() <= now.getTime(),
          hiddenPendingReview: c.hidImage,
          reports: c.reports,
        };
      }),
    };
  }

  async takeDown(imageId: string, adminId: string, reason: string | null): Promise<TakeDownResult> {
    const open = isUuid(imageId) ? await this.reports.findOpenCase(imageId.toLowerCase()) : null;
    if (!open) throw new NoOpenReportError();
    // The files as stored now (recorded when they were stored, or hashed now); the hashes taken
    // at the report when the owner deleted the image since.
    const now = (await this.images.fingerprintsOf(open.imageId)) ?? [];
    const fingerprints = uniqueBySha([...now, ...open.fingerprints]);
    await this.reports.block(open.imageId, fingerprints);
    const removed = await this.images.deleteMatching(fingerprints, BLOCK_DISTANCE);
    const decided = await this.reports.decide(
      [open.imageId, ...removed.map((r) => r.id).filter((id) => id !== open.imageId)],
      'taken_down',
      adminId,
      reason,
      removed.length,
    );
    const withdrawn: ImageWithdrawn = { type: IMAGE_WITHDRAWN, imageIds: removed.map((r) => r.id) };
    if (removed.length) await this.events.publish(withdrawn);
    if (!decided.includes(open.imageId)) throw new NoOpenReportError();
    this.logger.warn(`image ${open.imageId} taken down: ${removed.length} image(s) deleted, ${fingerprints.length} hash(es) blocked`);
    await this.tellOwners(removed);
    return { imageId: open.imageId, outcome: 'taken_down', imagesRemoved: removed.length, hashesBlocked: fingerprints.length };
  }

  async dismiss(imageId: string, adminId: string, reason: string | null): Promise<DismissResult> {
    const open = isUuid(imageId) ? await this.reports.findOpenCase(imageId.toLowerCase()) : null;
    if (!open) throw new NoOpenReportError();
    const decided = await this.reports.decide([open.imageId], 'dismissed', adminId, reason, null);
    if (decided.length === 0) throw new NoOpenReportError();
    // What the report hid comes back (an admin's own hiding is not the report's to undo).
    const restored = open.hidImage ? await this.images.setHiddenByAdmin(open.imageId, false) : false;
    // The owner saw it hidden: they are told the outcome (never who reported).
    if (restored && open.ownerId) {
      const [owner] = await this.identity.findByIds([open.ownerId]);
      if (owner) {
        await this.mailer
          .send(restoredMail(owner.email, open.prompt))
          .catch((e: unknown) => this.logger.error(`restored mail to user ${owner.id} not sent: ${String(e)}`));
      }
    }
    return { imageId: open.imageId, outcome: 'dismissed', restored };
  }

  async reportsBy(userId: string): Promise<MyReport[]> {
    return (await this.reports.reportsBy(userId, MY_REPORTS_MAX)).map(({ details: _details, ...report }) => report);
  }

  async exportFor(userId: string): Promise<ReportsExport> {
    const [made, about] = await Promise.all([this.reports.reportsBy(userId, MY_REPORTS_MAX), this.reports.casesAbout(userId)]);
    return { reportsMade: made, reportsAboutYourImages: about };
  }

  /** One mail per owner, naming their images that went (a mail that fails is logged: the takedown stands). */
  private async tellOwners(removed: readonly TakenDownImage[]): Promise<void> {
    const byOwner = new Map<string, string[]>();
    for (const image of removed) byOwner.set(image.userId, [...(byOwner.get(image.userId) ?? []), image.prompt]);
    if (byOwner.size === 0) return;
    const owners = await this.identity.findByIds([...byOwner.keys()]);
    const contact = new URL('/contact', this.config.publicUrl).toString();
    for (const owner of owners) {
      await this.mailer
        .send(takedownMail(owner.email, byOwner.get(owner.id) ?? [], contact))
        .catch((e: unknown) => this.logger.error(`takedown mail to user ${owner.id} not sent: ${String(e)}`));
    }
  }
}

function uniqueBySha(fingerprints: readonly ImageFingerprint[]): ImageFingerprint[] {
  const seen = new Map<string, ImageFingerprint>();
  for (const f of fingerprints) if (!seen.has(f.sha256)) seen.set(f.sha256, f);
  return [...seen.values()];
}
