import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError, NotFoundError, ValidationError } from '../../shared/errors/domain-error';
import { CommunityImageReadEntity } from './community-image.read-entity';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';
import { FeedChangeNotifier } from './feed-change-notifier';

/** spec 000 §3 "Community entry". */
export interface CommunityEntry {
  id: string;
  prompt: string;
  style: string;
  timestamp: string;
  laughCount: number;
  generatedPath: string;
  originalPath: string;
  imageUrl: string;
  originalUrl: string;
}

export interface LeaderboardEntry extends CommunityEntry {
  rank: number;
}

export interface LaughState {
  laughCount: number;
  hasLaughed: boolean;
}

/**
 * Laughs per client IP per minute: generous for people, a wall for scripts (D15, no config knob).
 * An active `admin_whitelist` entry of type `ip` lifts it, as it lifts the D19 limits.
 */
export const LAUGHS_PER_IP_PER_MINUTE = 60;
export const FEED_DEFAULT_LIMIT = 20;
export const LEADERBOARD_PAGE_SIZE = 10;
export const MAX_LIMIT = 50;
const USER_IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public, completed, not hidden by an admin (D14, D16). */
const VISIBLE = `i.is_public AND NOT i.is_hidden_by_admin AND i.status = 'completed'`;

interface Row {
  id: string;
  prompt: string;
  style: string;
  timestamp: Date;
  laugh_count: number;
}

export function toEntry(row: Row): CommunityEntry {
  const generatedPath = `/api/images/${row.id}`;
  const originalPath = `/api/images/${row.id}/original`;
  return {
    id: row.id,
    prompt: row.prompt,
    style: row.style,
    timestamp: new Date(row.timestamp).toISOString(),
    laughCount: Number(row.laugh_count),
    generatedPath,
    originalPath,
    imageUrl: generatedPath,
    originalUrl: originalPath,
  };
}

export function parseIntParam(name: string, raw: unknown, def: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return def;
  const s = String(raw);
  if (!/^-?\d+$/.test(s)) throw new ValidationError(`${name} must be an integer between ${min} and ${max}`);
  const n = Number(s);
  if (n < min || n > max) throw new ValidationError(`${name} must be an integer between ${min} and ${max}`);
  return n;
}

export function checkUserIdentifier(raw: unknown): string {
  if (typeof raw !== 'string' || !USER_IDENTIFIER.test(raw)) {
    throw new ValidationError('userIdentifier must be 1 to 128 characters of letters, digits, "_" or "-"');
  }
  return raw;
}

const imageNotFound = () => new NotFoundError('IMAGE.NOT_FOUND', 'Image not found');

@Injectable()
export class CommunityService {
  constructor(
    @InjectRepository(CommunityImageReadEntity) private readonly images: Repository<CommunityImageReadEntity>,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {}

  private q<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.images.manager.query(sql, params) as Promise<T[]>;
  }

  async recent(limit: number): Promise<CommunityEntry[]> {
    const rows = await this.q<Row>(
      `SELECT i.id, i.prompt, i.style, i.timestamp, i.laugh_count FROM image i
        WHERE ${VISIBLE} ORDER BY i.timestamp DESC, i.id LIMIT $1`,
      [limit],
    );
    return rows.map(toEntry);
  }

  async leaderboard(limit: number, offset: number): Promise<LeaderboardEntry[]> {
    const rows = await this.q<Row>(
      `SELECT i.id, i.prompt, i.style, i.timestamp, i.laugh_count FROM image i
        WHERE ${VISIBLE} AND i.laugh_count > 0
        ORDER BY i.laugh_count DESC, i.timestamp DESC, i.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((r, i) => ({ ...toEntry(r), rank: offset + i + 1 }));
  }

  /** One visible entry, or undefined (live updates). */
  async entry(id: string): Promise<CommunityEntry | undefined> {
    if (!UUID.test(id)) return undefined;
    const rows = await this.q<Row>(
      `SELECT i.id, i.prompt, i.style, i.timestamp, i.laugh_count FROM image i WHERE i.id = $1 AND ${VISIBLE}`,
      [id],
    );
    return rows[0] ? toEntry(rows[0]) : undefined;
  }

  async hasLaughed(imageId: string, userIdentifier: string): Promise<{ hasLaughed: boolean }> {
    const rows = await this.q<{ has: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM laugh l WHERE l.image_id = i.id AND l.user_identifier = $2) AS has
         FROM image i WHERE i.id = $1 AND ${VISIBLE}`,
      [this.checkId(imageId), userIdentifier],
    );
    if (!rows[0]) throw imageNotFound();
    return { hasLaughed: rows[0].has };
  }

  /**
   * D15 in one statement and one commit: the per-IP count, the laugh row (inserted only when the
   * address is within its limit or whitelisted) and `laugh_count`, which moves only when a row
   * was inserted.
   */
  async addLaugh(imageId: string, userIdentifier: string, ip: string): Promise<LaughState> {
    const laughCount = await this.toggle(
      imageId,
      userIdentifier,
      ip,
      `ins AS (INSERT INTO laugh (image_id, user_identifier) SELECT img.id, $2 FROM img, allowed WHERE allowed.ok
                 ON CONFLICT (image_id, user_identifier) DO NOTHING RETURNING image_id),
       upd AS (UPDATE image SET laugh_count = laugh_count + 1 WHERE id IN (SELECT image_id FROM ins) RETURNING laugh_count)`,
    );
    return { laughCount, hasLaughed: true };
  }

  /** D15, as addLaugh: `laugh_count` moves only when a laugh row was deleted, never below 0. */
  async removeLaugh(imageId: string, userIdentifier: string, ip: string): Promise<LaughState> {
    const laughCount = await this.toggle(
      imageId,
      userIdentifier,
      ip,
      `del AS (DELETE FROM laugh WHERE image_id IN (SELECT img.id FROM img, allowed WHERE allowed.ok) AND user_identifier = $2
                 RETURNING image_id),
       upd AS (UPDATE image SET laugh_count = GREATEST(laugh_count - 1, 0) WHERE id IN (SELECT image_id FROM del)
                 RETURNING laugh_count)`,
    );
    return { laughCount, hasLaughed: false };
  }

  /**
   * The shared frame of a laugh write. Rate limit: a fixed one-minute window per IP, an atomic
   * upsert into rate_limit_attempt (shared by instances); an active `ip` whitelist entry lifts it.
   */
  private async toggle(imageId: string, userIdentifier: string, ip: string, change: string): Promise<number> {
    const id = this.checkId(imageId);
    const rows = await this.q<{ allowed: boolean; found: boolean; changed: boolean; laugh_count: number | null }>(
      `WITH counted AS (
         INSERT INTO rate_limit_attempt (ip_address, attempt_type, identifier) VALUES ($3, 'laugh', '')
         ON CONFLICT (ip_address, attempt_type, identifier) DO UPDATE SET
           attempt_count = CASE WHEN rate_limit_attempt.window_start < now() - interval '1 minute' THEN 1
                                ELSE rate_limit_attempt.attempt_count + 1 END,
           window_start = CASE WHEN rate_limit_attempt.window_start < now() - interval '1 minute' THEN now()
                               ELSE rate_limit_attempt.window_start END,
           last_attempt = now()
         RETURNING attempt_count),
       allowed AS (
         SELECT (SELECT attempt_count FROM counted) <= $4
             OR EXISTS (SELECT 1 FROM admin_whitelist w WHERE w.type = 'ip' AND w.value = $3 AND w.is_active) AS ok),
       img AS (SELECT i.id, i.laugh_count FROM image i WHERE i.id = $1 AND ${VISIBLE}),
       ${change}
       SELECT (SELECT ok FROM allowed) AS allowed,
              EXISTS (SELECT 1 FROM img) AS found,
              EXISTS (SELECT 1 FROM upd) AS changed,
              (SELECT laugh_count FROM upd) AS laugh_count`,
      [id, userIdentifier, ip.slice(0, 45), LAUGHS_PER_IP_PER_MINUTE],
    );
    const row = rows[0];
    if (!row.allowed) throw new DomainError('rate_limited', 'RATE_LIMIT.BLOCKED', 'Too many laughs. Please wait a minute.');
    if (!row.found) throw imageNotFound();
    if (!row.changed) {
      // Nothing to do (already laughed, or nothing to remove). The statement's snapshot may predate
      // a concurrent toggle of the same laugh that it waited for, so read the count afresh.
      const [now] = await this.q<{ laugh_count: number }>(`SELECT laugh_count FROM image WHERE id = $1`, [id]);
      return Number(now?.laugh_count ?? 0);
    }
    // This instance's next read must not be older than this write; other instances hear of it
    // through the coalesced notification.
    this.cache.invalidate();
    this.feedChanged.notify();
    return Number(row.laugh_count);
  }

  private checkId(id: string): string {
    if (!UUID.test(id)) throw imageNotFound();
    return id;
  }
}
