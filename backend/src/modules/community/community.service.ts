import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError, NotFoundError, ValidationError } from '../../shared/errors/domain-error';
import { CommunityImageReadEntity } from './community-image.read-entity';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

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

  /** D15: one statement; laugh_count moves only when a laugh row was inserted. */
  async addLaugh(imageId: string, userIdentifier: string, ip: string): Promise<LaughState> {
    const id = this.checkId(imageId);
    await this.rateLimit(ip);
    const rows = await this.q<{ laugh_count: number }>(
      `WITH img AS (SELECT i.id FROM image i WHERE i.id = $1 AND ${VISIBLE}),
            ins AS (INSERT INTO laugh (image_id, user_identifier) SELECT id, $2 FROM img
                      ON CONFLICT (image_id, user_identifier) DO NOTHING RETURNING image_id),
            upd AS (UPDATE image SET laugh_count = laugh_count + 1 WHERE id IN (SELECT image_id FROM ins)
                      RETURNING laugh_count)
       SELECT COALESCE((SELECT laugh_count FROM upd), (SELECT laugh_count FROM image WHERE id = img.id)) AS laugh_count
         FROM img`,
      [id, userIdentifier],
    );
    // The count changed (or not): either way the next read of this instance must not be older.
    this.cache.invalidate();
    if (!rows[0]) throw imageNotFound();
    return { laughCount: Number(rows[0].laugh_count), hasLaughed: true };
  }

  /** D15: one statement; laugh_count moves only when a laugh row was deleted, never below 0. */
  async removeLaugh(imageId: string, userIdentifier: string, ip: string): Promise<LaughState> {
    const id = this.checkId(imageId);
    await this.rateLimit(ip);
    const rows = await this.q<{ laugh_count: number }>(
      `WITH img AS (SELECT i.id FROM image i WHERE i.id = $1 AND ${VISIBLE}),
            del AS (DELETE FROM laugh WHERE image_id IN (SELECT id FROM img) AND user_identifier = $2 RETURNING image_id),
            upd AS (UPDATE image SET laugh_count = GREATEST(laugh_count - 1, 0) WHERE id IN (SELECT image_id FROM del)
                      RETURNING laugh_count)
       SELECT COALESCE((SELECT laugh_count FROM upd), (SELECT laugh_count FROM image WHERE id = img.id)) AS laugh_count
         FROM img`,
      [id, userIdentifier],
    );
    this.cache.invalidate();
    if (!rows[0]) throw imageNotFound();
    return { laughCount: Number(rows[0].laugh_count), hasLaughed: false };
  }

  private checkId(id: string): string {
    if (!UUID.test(id)) throw imageNotFound();
    return id;
  }

  /** A fixed one-minute window per IP, one atomic upsert into rate_limit_attempt (shared by instances). */
  private async rateLimit(ip: string): Promise<void> {
    const rows = await this.q<{ attempt_count: number; whitelisted: boolean }>(
      `WITH counted AS (
       INSERT INTO rate_limit_attempt (ip_address, attempt_type, identifier) VALUES ($1, 'laugh', '')
       ON CONFLICT (ip_address, attempt_type, identifier) DO UPDATE SET
         attempt_count = CASE WHEN rate_limit_attempt.window_start < now() - interval '1 minute' THEN 1
                              ELSE rate_limit_attempt.attempt_count + 1 END,
         window_start = CASE WHEN rate_limit_attempt.window_start < now() - interval '1 minute' THEN now()
                             ELSE rate_limit_attempt.window_start END,
         last_attempt = now()
       RETURNING attempt_count)
       SELECT attempt_count,
              EXISTS (SELECT 1 FROM admin_whitelist w WHERE w.type = 'ip' AND w.value = $1 AND w.is_active) AS whitelisted
         FROM counted`,
      [ip.slice(0, 45)],
    );
    if (Number(rows[0].attempt_count) > LAUGHS_PER_IP_PER_MINUTE && !rows[0].whitelisted) {
      throw new DomainError('rate_limited', 'RATE_LIMIT.BLOCKED', 'Too many laughs. Please wait a minute.');
    }
  }
}
