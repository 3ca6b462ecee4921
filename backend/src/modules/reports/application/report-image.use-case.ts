import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { ValidationError } from '../../../shared/errors/domain-error';
import { allowPerWindow } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { EventBus } from '../../../shared/events/event-bus';
import { IMAGE_WITHDRAWN, type ImageWithdrawn } from '../domain/image-withdrawn.event';
import { IMAGES_API, ImageNotFoundError, type ImagesApi } from '../../images';
import { TypeormReportsRepository } from '../adapters/typeorm/typeorm-reports.repository';
import {
  DETAILS_MAX,
  isReportReason,
  REPORT_REASONS,
  REPORTS_PER_HOUR,
  reporterKey,
  type ReportReason,
  URGENT_REASONS,
} from '../domain/report';
import { AlreadyReportedError, TooManyReportsError } from '../domain/reports-errors';

export interface ReportImageCommand {
  imageId: string;
  reason: unknown;
  details: unknown;
  /** The signed-in reporter; null for a visitor. */
  userId: string | null;
  ip: string;
}

export interface FiledReportView {
  id: string;
  imageId: string;
  reason: ReportReason;
  status: 'open';
  createdAt: Date;
  /** An urgent reason (ncii, minor): the image left every public place until an admin decides. */
  hiddenPendingReview: boolean;
}

const POLICY = allowPerWindow(REPORTS_PER_HOUR, 60);

/**
 * D43: anyone (signed in or not) reports a public image. Checked in this order: the body (400),
 * the address's allowance (10 an hour, every attempt counted, so probing ids costs too), the image
 * as its share page would show it (else the same 404 as the share page: nothing more is learnt),
 * once per reporter per image (409). An urgent reason hides the image from the feed, the Hall of
 * Fame, the share page, live updates and link previews at once (the image trigger tells every
 * instance), pending review.
 */
@Injectable()
export class ReportImageUseCase {
  private readonly logger = new Logger('Reports');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    private readonly reports: TypeormReportsRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly events: EventBus,
  ) {}

  async execute(command: ReportImageCommand): Promise<FiledReportView> {
    const { reason, details } = this.parse(command);
    const counted = await this.rateLimiter.consume({ ip: command.ip, type: 'report', identifier: '' }, POLICY);
    if (!counted.allowed) throw new TooManyReportsError();
    const image = await this.images.reportable(command.imageId);
    if (!image) throw new ImageNotFoundError();
    const urgent = URGENT_REASONS.has(reason);
    // The hashes at the time of the report, so a takedown blocks the image even if its owner
    // deletes it before the review.
    const fingerprints = (await this.images.fingerprintsOf(image.id)) ?? [];
    const filed = await this.reports.file({
      imageId: image.id,
      ownerId: image.ownerId,
      prompt: image.prompt,
      reporterKey: reporterKey({ userId: command.userId, addressHash: this.addressHash(command.ip) }),
      reporterUserId: command.userId,
      reason,
      details,
      urgent,
      fingerprints,
    });
    if (!filed) throw new AlreadyReportedError();
    if (urgent) {
      await this.images.setHiddenByAdmin(image.id, true);
      const withdrawn: ImageWithdrawn = { type: IMAGE_WITHDRAWN, imageIds: [image.id] };
      await this.events.publish(withdrawn);
      this.logger.warn(`image ${image.id} hidden pending review (report ${filed.id}, ${reason})`);
    }
    return { id: filed.id, imageId: image.id, reason, status: 'open', createdAt: filed.createdAt, hiddenPendingReview: urgent };
  }

  private parse(command: ReportImageCommand): { reason: ReportReason; details: string | null } {
    if (!isReportReason(command.reason)) throw new ValidationError(`reason must be one of ${REPORT_REASONS.join(', ')}`);
    if (command.details !== undefined && command.details !== null && typeof command.details !== 'string') {
      throw new ValidationError('details must be text');
    }
    const details = typeof command.details === 'string' ? command.details.trim() : '';
    if (details.length > DETAILS_MAX) throw new ValidationError(`details must be at most ${DETAILS_MAX} characters`);
    return { reason: command.reason, details: details || null };
  }

  /**
   * The address as a report keeps it: a keyed hash (SESSION_SECRET, which production requires),
   * never the address itself.
   */
  private addressHash(ip: string): string {
    return createHmac('sha256', this.config.session.secret ?? 'development').update(`report:${ip}`).digest('hex').slice(0, 64);
  }
}
