import { Inject, Injectable } from '@nestjs/common';
import { ENTITLEMENT_API, type EntitlementApi } from '../../billing';
import { TypeormImageRepository, type SavedImageRow } from '../adapters/typeorm/typeorm-image.repository';
import { MyEditsUpgradeRequiredError } from '../domain/images-errors';
import { encodeCursor, type MyEditsPageRequest } from '../domain/my-edits-page';
import { renditionViews, type RenditionView } from '../domain/rendition';

/** A saved image as GET /api/my-edits answers it (001 §3, plus what a card needs). */
export interface SavedImageView {
  id: string;
  prompt: string;
  style: string;
  timestamp: string;
  savedAt: string;
  expiresAt: string;
  isFavorite: boolean;
  laughCount: number;
  isPublic: boolean;
  /** Hidden by a moderator (D14): Share says so instead of offering to make it public (issue 15). */
  isHiddenByAdmin: boolean;
  /** D38: the versions of its edit chain from the first down to it (1 for a single edit); the card opens that history. */
  versions: number;
  imageUrl: string;
  originalUrl: string;
  downloadUrl: string;
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
}

export interface MyEditsPage {
  items: SavedImageView[];
  /** Saved and unexpired, whatever the filter (the "All Images (n)" count). */
  total: number;
  /** Favourites among them ("Favorites (n)"). */
  favorites: number;
  /** Present when there is a next page. */
  nextCursor: string | null;
}

/**
 * GET /api/my-edits (001 §2, §7): the signed-in user's saved, unexpired images, newest first, a
 * page at a time, with the filter's counts. Only with a paid plan (D7, asked of billing): anyone
 * else gets 403 with the page's upgrade text. An image whose date has passed is not listed even
 * before the daily purge removes it (D23).
 */
@Injectable()
export class ListMyEditsUseCase {
  constructor(
    private readonly images: TypeormImageRepository,
    @Inject(ENTITLEMENT_API) private readonly entitlement: EntitlementApi,
  ) {}

  async execute(userId: string, page: MyEditsPageRequest, now = new Date()): Promise<MyEditsPage> {
    if (!(await this.entitlement.hasPaidPlan(userId))) throw new MyEditsUpgradeRequiredError();
    const [rows, counts] = await Promise.all([
      this.images.listSaved(userId, { now, limit: page.limit + 1, after: page.after, favoritesOnly: page.favoritesOnly }),
      this.images.savedCounts(userId, now),
    ]);
    const items = rows.slice(0, page.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toView),
      total: counts.total,
      favorites: counts.favorites,
      nextCursor: rows.length > page.limit && last ? encodeCursor({ timestamp: last.timestampText, id: last.id }) : null,
    };
  }
}

function toView(row: SavedImageRow): SavedImageView {
  return {
    id: row.id,
    prompt: row.prompt,
    style: row.style,
    timestamp: row.timestamp.toISOString(),
    savedAt: row.savedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isFavorite: row.isFavorite,
    laughCount: row.laughCount,
    isPublic: row.isPublic,
    isHiddenByAdmin: row.isHiddenByAdmin,
    versions: row.versions,
    imageUrl: `/api/images/${row.id}`,
    originalUrl: `/api/images/${row.id}/original`,
    downloadUrl: `/api/images/${row.id}/download`,
    ...renditionViews(row.id, row.renditions),
  };
}
