import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { Repository } from 'typeorm';
import { exactTimestampSql } from '../../../../shared/pagination';
import { poolOf } from '../../../../shared/pg/pool-of';
import type { RateLimitPolicy } from '../../../../shared/rate-limit/rate-limit-policy';
import { consumeStatement } from '../../../../shared/rate-limit/rate-limiter';
import { renditionViews } from '../../../images';
import type { FeedImage } from '../../domain/community-entry';
import type { LaughAction, Laugher } from '../../domain/laugh';
import type { LeaderboardPosition } from '../../domain/leaderboard-position';
import { CommunityImageReadEntity } from './community-image.read-entity';

/** Public, completed, not hidden by an admin (D14, D16). */
const VISIBLE = `i.is_public AND NOT i.is_hidden_by_admin AND i.status = 'completed'`;

/**
 * The turn every writer of `laugh_count` takes before it touches a row (a batch of laughs, the fold;
 * ADR 0034, 0037): an advisory lock held to the end of the transaction.
 */
export const LAUGH_COUNT_TURN_SQL = `SELECT pg_advisory_xact_lock(hashtext('laugh_count_delta'))`;

/** Visible, or the laugher's own completed image when they laugh as themselves (a My Edits laugh, 001 §3; `asUser`: an SQL expression for Laugher.asUser). */
const laughableBy = (asUser: string) => `((${VISIBLE}) OR (i.user_id = ${asUser} AND i.status = 'completed'))`;
const LAUGHABLE = laughableBy('$3::uuid');

const FEED_COLUMNS = `i.id, i.prompt, i.style, i.timestamp, i.laugh_count, i.renditions`;

interface FeedRow {
  id: string;
  prompt: string;
  style: string;
  timestamp: Date;
  laugh_count: number;
  renditions: unknown;
}

/** The timestamp as PostgreSQL holds it, to the microsecond, for a cursor (D44). */
const TIMESTAMP_TEXT = `${exactTimestampSql('i.timestamp')} AS timestamp_text`;

interface LeaderboardRow extends FeedRow {
  timestamp_text: string;
}

/** A leaderboard row and its exact place in the order. */
export interface LeaderboardImage extends FeedImage {
  timestampText: string;
}

const toFeedImage = (row: FeedRow): FeedImage => ({
  id: row.id,
  prompt: row.prompt,
  style: row.style,
  timestamp: row.timestamp,
  laughCount: row.laugh_count,
  renditions: renditionViews(row.id, row.renditions),
});

const toLeaderboardImage = (row: LeaderboardRow): LeaderboardImage => ({ ...toFeedImage(row), timestampText: row.timestamp_text });

/**
 * The per-address limit laughs are counted against in their own statement (the rate limiter's own
 * upsert, consumeStatement): the counter's kind and identifier (the address is each laugh's own),
 * its policy, and identity's whitelist predicate for an address given as an SQL expression.
 */
export interface LaughLimit {
  type: string;
  identifier: string;
  policy: RateLimitPolicy;
  whitelisted(ipRef: string): string;
}

/** One laugh of a batch: no two of a batch share an address, nor an image and identifier. */
export interface LaughToggle {
  action: LaughAction;
  imageId: string;
  laugher: Laugher;
  /** The client's address (the batcher stores it as the rate limiter does, storedSubject). */
  ip: string;
}

/** What one laugh write did. */
export interface LaughWrite {
  /**
   * The per-address limit let it through (counted in the same statement), or an active whitelist
   * entry for the address lifted it. When false nothing else was done: `found` and `changed` are false.
   */
  allowed: boolean;
  /** The image exists and is visible, or is the caller's own. */
  found: boolean;
  /** A laugh row went in (add) or out (remove). */
  changed: boolean;
  /** The image's `laugh_count` as the laugh's batch committed it (null when not found). */
  laughCount: number | null;
}

/** What a batch did: each laugh's write, in order, and whether any image's count moved. */
export interface LaughBatchWrite {
  writes: LaughWrite[];
  /**
   * An image's `laugh_count` changed: by the batch's laughs, or by an account deletion's queued
   * changes the batch folded in (even when none of its own laughs changed anything).
   */
  countsMoved: boolean;
}

/**
 * Community's SQL (ADR 0010): the `image` table through community's own read mapping (it writes
 * only `laugh_count`) and the `laugh` table, which community owns. Every query is parameterised.
 */
@Injectable()
export class TypeormCommunityRepository {
  private readonly pool: Pool;

  constructor(@InjectRepository(CommunityImageReadEntity) private readonly images: Repository<CommunityImageReadEntity>) {
    this.pool = poolOf(images.manager.connection);
  }

  private q<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.images.manager.query(sql, params) as Promise<T[]>;
  }

  /** Visible images, newest first (D16, `image_recent_feed_idx`). */
  async findRecentVisible(limit: number): Promise<FeedImage[]> {
    const rows = await this.q<FeedRow>(
      `SELECT ${FEED_COLUMNS} FROM image i
        WHERE ${VISIBLE} ORDER BY i.timestamp DESC, i.id LIMIT $1`,
      [limit],
    );
    return rows.map(toFeedImage);
  }

  /**
   * Visible laughed images, most laughs first, then newest (D16). The offset is walked in
   * `image_leaderboard_idx` alone (a partial index whose predicate is this WHERE, so an index-only
   * scan of the id and the order's columns), and only the page's rows are read from the table:
   * page 100 skipped 990 rows with 990 heap fetches, scattered over a 1M-row table (1.1 → 0.5 ms).
   */
  async findMostLaughedVisible(limit: number, offset: number): Promise<LeaderboardImage[]> {
    const rows = await this.q<LeaderboardRow>(
      `SELECT ${FEED_COLUMNS}, ${TIMESTAMP_TEXT}
         FROM (SELECT i.id, i.laugh_count, i.timestamp FROM image i
                WHERE ${VISIBLE} AND i.laugh_count > 0
                ORDER BY i.laugh_count DESC, i.timestamp DESC, i.id LIMIT $1 OFFSET $2) page
         JOIN image i ON i.id = page.id
        ORDER BY page.laugh_count DESC, page.timestamp DESC, page.id`,
      [limit, offset],
    );
    return rows.map(toLeaderboardImage);
  }

  /**
   * D44: the same order from just after a position, by seeking `image_leaderboard_idx` (laughs and
   * time descending together; the id, ascending, only breaks a tie of both), not by counting rows.
   */
  async findMostLaughedAfter(limit: number, after: LeaderboardPosition): Promise<LeaderboardImage[]> {
    const rows = await this.q<LeaderboardRow>(
      `SELECT ${FEED_COLUMNS}, ${TIMESTAMP_TEXT} FROM image i
        WHERE ${VISIBLE} AND i.laugh_count > 0
          AND (i.laugh_count, i.timestamp) <= ($2::int, $3::timestamptz)
          AND NOT (i.laugh_count = $2::int AND i.timestamp = $3::timestamptz AND i.id <= $4::uuid)
        ORDER BY i.laugh_count DESC, i.timestamp DESC, i.id LIMIT $1`,
      [limit, after.laughCount, after.timestamp, after.id],
    );
    return rows.map(toLeaderboardImage);
  }

  async findVisible(id: string): Promise<FeedImage | undefined> {
    const rows = await this.q<FeedRow>(`SELECT ${FEED_COLUMNS} FROM image i WHERE i.id = $1 AND ${VISIBLE}`, [id]);
    return rows[0] ? toFeedImage(rows[0]) : undefined;
  }

  /** Whether this browser (or user) laughed at an image it may laugh at; undefined when it may not. */
  async hasLaughed(imageId: string, laugher: Laugher): Promise<boolean | undefined> {
    const rows = await this.q<{ has: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM laugh l WHERE l.image_id = i.id AND l.user_identifier = $2) AS has
         FROM image i WHERE i.id = $1 AND ${LAUGHABLE}`,
      [imageId, laugher.userIdentifier, laugher.asUser],
    );
    return rows[0]?.has;
  }

  /** Which of these images (that it may laugh at) this browser or user laughed at, in one query. */
  async laughedAmong(imageIds: readonly string[], laugher: Laugher): Promise<string[]> {
    if (imageIds.length === 0) return [];
    const rows = await this.q<{ image_id: string }>(
      `SELECT l.image_id FROM laugh l JOIN image i ON i.id = l.image_id
        WHERE l.image_id = ANY($1::uuid[]) AND l.user_identifier = $2 AND ${LAUGHABLE}`,
      [imageIds, laugher.userIdentifier, laugher.asUser],
    );
    return rows.map((r) => r.image_id);
  }

  /**
   * D15 for a batch of laughs in one statement, one round trip and one commit (ADR 0037), in the
   * fold's turn (the advisory lock of foldLaughCounts, taken before any row is touched: every
   * writer of `laugh_count` takes turns, so none waits for another's rows in a different order):
   * - each address's attempt counted (the rate limiter's own upsert);
   * - for each laugh the limit let through or an active whitelist entry lifted (identity's
   *   predicate), the laugh row inserted or deleted when the image is visible or the laugher's own;
   * - each image found moved once by its net change, the changes queued for it (an account
   *   deletion's, ADR 0034) folded in too, never below 0; its new count is every laugh's answer
   *   (the write of the latest row version: exact, D15).
   * What each laugh did, in order. On the pool itself, as a named statement: this is the hottest
   * write there is.
   */
  async toggleLaughs(toggles: readonly LaughToggle[], limit: LaughLimit): Promise<LaughBatchWrite> {
    const text = `WITH turn AS (${LAUGH_COUNT_TURN_SQL} AS taken),
       t AS (SELECT u.* FROM turn CROSS JOIN unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::boolean[])
                               WITH ORDINALITY AS u(image_id, user_identifier, as_user, ip, adding, n)),
       counted AS (${consumeStatement(['t.ip', '$6', '$7', '$8', '$9', '$10'], 't')}
                   RETURNING "ip_address" AS ip, ("blocked_until" > now()) IS TRUE AS blocked),
       pass AS (SELECT t.n FROM t JOIN counted c ON c.ip = t.ip WHERE NOT c.blocked OR ${limit.whitelisted('t.ip')}),
       img AS (SELECT t.n, t.image_id, t.user_identifier, t.adding FROM t JOIN pass p ON p.n = t.n
                 JOIN image i ON i.id = t.image_id WHERE ${laughableBy('t.as_user')}),
       ins AS (INSERT INTO laugh (image_id, user_identifier) SELECT image_id, user_identifier FROM img WHERE adding
                 ON CONFLICT (image_id, user_identifier) DO NOTHING RETURNING image_id, user_identifier),
       del AS (DELETE FROM laugh l USING img WHERE NOT img.adding AND l.image_id = img.image_id AND l.user_identifier = img.user_identifier
                 RETURNING l.image_id, l.user_identifier),
       moved AS (SELECT image_id, user_identifier, 1 AS delta FROM ins UNION ALL SELECT image_id, user_identifier, -1 FROM del),
       queued AS (DELETE FROM laugh_count_delta d WHERE d.image_id IN (SELECT image_id FROM img) RETURNING d.image_id, d.delta),
       net AS (SELECT image_id, sum(delta)::int AS n FROM (
                   SELECT image_id, 0 AS delta FROM img
                   UNION ALL SELECT image_id, delta FROM moved
                   UNION ALL SELECT image_id, delta FROM queued) x
                 GROUP BY image_id),
       counts AS (UPDATE image i SET laugh_count = GREATEST(i.laugh_count + net.n, 0) FROM net WHERE i.id = net.image_id
                 RETURNING i.id, i.laugh_count)
       SELECT p.n IS NOT NULL AS allowed, g.n IS NOT NULL AS found,
              EXISTS (SELECT 1 FROM moved m WHERE m.image_id = t.image_id AND m.user_identifier = t.user_identifier) AS changed,
              c.laugh_count, COALESCE(nt.n, 0) <> 0 AS count_moved
         FROM t LEFT JOIN pass p ON p.n = t.n LEFT JOIN img g ON g.n = t.n LEFT JOIN counts c ON c.id = g.image_id
              LEFT JOIN net nt ON nt.image_id = g.image_id
        ORDER BY t.n`;
    const { rows } = await this.pool.query<{ allowed: boolean; found: boolean; changed: boolean; laugh_count: number | null; count_moved: boolean }>({
      name: 'community.laugh.batch',
      text,
      values: [
        toggles.map((t) => t.imageId),
        toggles.map((t) => t.laugher.userIdentifier),
        toggles.map((t) => t.laugher.asUser),
        toggles.map((t) => t.ip),
        toggles.map((t) => t.action === 'add'),
        limit.type,
        limit.identifier,
        limit.policy.blockAt,
        limit.policy.windowMinutes,
        limit.policy.blockMinutes,
      ],
    });
    return {
      writes: rows.map((r) => ({ allowed: r.allowed, found: r.found, changed: r.changed, laughCount: r.laugh_count === null ? null : Number(r.laugh_count) })),
      countsMoved: rows.some((r) => r.count_moved),
    };
  }

  /**
   * D35: up to `limit` laughs of this identifier go, each image's change of `laugh_count` queued
   * with them, in one statement; rows another transaction holds are left to it. How many went.
   */
  async removeLaughsOf(userIdentifier: string, limit: number): Promise<number> {
    const rows = await this.q<{ removed: number }>(
      `WITH del AS (DELETE FROM laugh WHERE id IN (
                      SELECT id FROM laugh WHERE user_identifier = $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
                    RETURNING image_id),
            chg AS (INSERT INTO laugh_count_delta (image_id, delta)
                      SELECT image_id, -count(*)::int FROM del GROUP BY image_id)
       SELECT count(*)::int AS removed FROM del`,
      [userIdentifier, limit],
    );
    return rows[0].removed;
  }

  /**
   * ADR 0034: every queued change moved into `laugh_count`, in one statement (one round trip).
   * Folds on all instances take turns (an advisory lock taken before any row is touched), so two
   * never lock the same images in different orders; each change is deleted as it is added, so
   * none counts twice (a row another fold deleted first is skipped), and a fold that fails leaves
   * them all queued. The new counts of the images it changed.
   */
  async foldLaughCounts(): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ id: string; laugh_count: number }>({
      name: 'community.laugh.fold',
      text: `WITH turn AS (${LAUGH_COUNT_TURN_SQL}),
            d AS (DELETE FROM laugh_count_delta WHERE EXISTS (SELECT 1 FROM turn) RETURNING image_id, delta),
            s AS (SELECT image_id, sum(delta)::int AS n FROM d GROUP BY image_id HAVING sum(delta) <> 0)
       UPDATE image i SET laugh_count = GREATEST(i.laugh_count + s.n, 0)
         FROM s WHERE i.id = s.image_id
       RETURNING i.id, i.laugh_count`,
    });
    return new Map(rows.map((r) => [r.id, Number(r.laugh_count)]));
  }
}
