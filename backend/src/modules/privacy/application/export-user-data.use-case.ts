import { Inject, Injectable } from '@nestjs/common';
import { allowPerWindow, ANY_ADDRESS, type RateLimitSubject } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { BILLING_API, type BillingApi } from '../../billing';
import { CREDITS_API, type CreditsApi, type CreditTransaction } from '../../credits';
import { IDENTITY_API, type IdentityApi, type IdentityUser } from '../../identity';
import { extensionFor, IMAGES_API, type ImagesApi, type OwnedImage } from '../../images';
import { REPORTS_API, type ReportsApi } from '../../reports';
import { AccountGoneError, TooManyExportsError } from '../domain/privacy-errors';
import { DATA_FILE, exportEntryName, exportFileName, EXPORTS_PER_HOUR } from '../domain/privacy-rules';
import type { ExportArchive } from './export-archive';

/** D35: at most EXPORTS_PER_HOUR downloads per user per hour, counted before any work. */
const EXPORT_POLICY = allowPerWindow(EXPORTS_PER_HOUR, 60);
const exportSubject = (userId: string): RateLimitSubject => ({ ip: ANY_ADDRESS, type: 'data_export', identifier: userId });

/** Ledger rows and images read per query. */
const LEDGER_PAGE = 200;
const IMAGE_PAGE = 100;

/** A download about to be written. */
export interface UserDataExport {
  /** `magic-editor-data-YYYY-MM-DD.zip` */
  fileName: string;
  /**
   * Writes the user's files into the archive one at a time (each image's bytes are read only when
   * the previous file has been passed on), then data.json, then finishes it.
   */
  writeTo(archive: ExportArchive): Promise<void>;
}

/** One image in data.json. */
interface ImageEntry {
  id: string;
  createdAt: string;
  prompt: string;
  style: string;
  status: string;
  isPublic: boolean;
  isHiddenByAdmin: boolean;
  isWatermarked: boolean;
  isSaved: boolean;
  savedAt: string | null;
  isFavorite: boolean;
  favoritedAt: string | null;
  expiresAt: string | null;
  laughCount: number;
  originalFilename: string | null;
  /** The generated image in the zip (`images/<id>.<ext>`), null when there is none (not completed). */
  file: string | null;
  /** The uploaded photo in the zip (`originals/<id>.<ext>`), null when it is not kept (failed). */
  originalFile: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * "Download my data" (D35, ADR 0019): a zip of data.json (the account, billing's entitlement,
 * subscriptions and invoices, every ledger row, the list of images) and the image files, read
 * through the other contexts' APIs; privacy owns no data. Only the signed-in user's own rows are
 * ever asked for.
 */
@Injectable()
export class ExportUserDataUseCase {
  constructor(
    private readonly rateLimiter: RateLimiter,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    @Inject(BILLING_API) private readonly billing: BillingApi,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    @Inject(REPORTS_API) private readonly reports: ReportsApi,
  ) {}

  async execute(userId: string, now = new Date()): Promise<UserDataExport> {
    const counted = await this.rateLimiter.consume(exportSubject(userId), EXPORT_POLICY);
    if (!counted.allowed) throw new TooManyExportsError(EXPORTS_PER_HOUR, counted.retryAfterMinutes ?? 60);
    const account = await this.identity.findById(userId);
    if (!account) throw new AccountGoneError();
    return { fileName: exportFileName(now), writeTo: (archive) => this.write(account, now, archive) };
  }

  private async write(account: IdentityUser, now: Date, archive: ExportArchive): Promise<void> {
    const images: ImageEntry[] = [];
    let after: string | null = null;
    for (;;) {
      const page: OwnedImage[] = await this.images.ownedImages(account.id, after, IMAGE_PAGE);
      for (const image of page) {
        const file = image.status === 'completed' ? await this.addImageFile(archive, account.id, image, 'generated') : null;
        const originalFile = await this.addImageFile(archive, account.id, image, 'original');
        images.push(imageEntry(image, file, originalFile));
      }
      if (page.length < IMAGE_PAGE) break;
      after = page[page.length - 1].id;
    }
    images.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

    const [billing, balance, ledger, reports] = await Promise.all([
      this.billing.recordOf(account.id),
      this.credits.balance(account.id),
      this.ledgerOf(account.id),
      this.reports.exportFor(account.id),
    ]);
    const document = {
      generatedAt: now.toISOString(),
      account: {
        id: account.id,
        email: account.email,
        username: account.username,
        firstName: account.firstName,
        lastName: account.lastName,
        createdAt: account.createdAt.toISOString(),
        emailVerified: account.isVerified,
      },
      entitlement: billing.entitlement,
      subscriptions: billing.subscriptions.map((s) => ({
        ...s,
        currentPeriodStart: s.currentPeriodStart.toISOString(),
        currentPeriodEnd: s.currentPeriodEnd.toISOString(),
        endedAt: iso(s.endedAt),
        createdAt: s.createdAt.toISOString(),
      })),
      invoices: billing.invoices.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
      credits: balance,
      ledger: ledger.map(ledgerEntry),
      images,
      // D43: the reports this user made (with the outcome) and those about their images (never who reported).
      reportsMade: reports.reportsMade.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })),
      reportsAboutYourImages: reports.reportsAboutYourImages.map((r) => ({
        ...r,
        firstReportedAt: r.firstReportedAt.toISOString(),
        decidedAt: iso(r.decidedAt),
      })),
    };
    await archive.addFile(DATA_FILE, Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), { compress: true, modifiedAt: now });
    archive.finish();
  }

  /** The file's name in the zip once it was added; null when the image has no such file stored. */
  private async addImageFile(archive: ExportArchive, userId: string, image: OwnedImage, file: 'generated' | 'original'): Promise<string | null> {
    if ((file === 'generated' ? image.generatedMimeType : image.originalMimeType) === null) return null;
    const stored = await this.images.ownedFile(userId, image.id, file);
    if (!stored) return null; // deleted (retention, a concurrent deletion) since it was listed
    const name = exportEntryName(file, image.id, extensionFor(stored.mimeType));
    // JPEG, PNG and WebP are compressed already.
    await archive.addFile(name, stored.bytes, { compress: false, modifiedAt: image.createdAt });
    return name;
  }

  /**
   * Every ledger row of the user, oldest first, each once: the pages are newest first, so a row
   * written while they are read (a generation in another tab) pushes one already read onto the next.
   */
  private async ledgerOf(userId: string): Promise<CreditTransaction[]> {
    const rows = new Map<string, CreditTransaction>();
    for (let offset = 0; ; offset += LEDGER_PAGE) {
      const page = await this.credits.transactions({ userId, limit: LEDGER_PAGE, offset });
      for (const row of page.items) if (!rows.has(row.id)) rows.set(row.id, row);
      if (page.items.length < LEDGER_PAGE) break;
    }
    return [...rows.values()].reverse();
  }
}

function imageEntry(image: OwnedImage, file: string | null, originalFile: string | null): ImageEntry {
  return {
    id: image.id,
    createdAt: image.createdAt.toISOString(),
    prompt: image.prompt,
    style: image.style,
    status: image.status,
    isPublic: image.isPublic,
    isHiddenByAdmin: image.isHiddenByAdmin,
    isWatermarked: image.isWatermarked,
    isSaved: image.isSaved,
    savedAt: iso(image.savedAt),
    isFavorite: image.isFavorite,
    favoritedAt: iso(image.favoritedAt),
    expiresAt: iso(image.expiresAt),
    laughCount: image.laughCount,
    originalFilename: image.originalFilename,
    file,
    originalFile,
  };
}

function ledgerEntry(row: CreditTransaction) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    kind: row.kind,
    credits: row.credits,
    description: row.description,
    sourceType: row.sourceType,
    expiresAt: iso(row.expiresAt),
    packType: row.packType,
    purchaseAmountCents: row.purchaseAmount,
    currency: row.currency,
    paymentId: row.stripeTransactionId,
    imageId: row.imageId,
  };
}
