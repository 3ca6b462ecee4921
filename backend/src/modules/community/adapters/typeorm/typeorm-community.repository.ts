import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { exactTimestampSql } from '../../../../shared/pagination';
import { renditionViews } from '../../../images';
import type { FeedImage } from '../../domain/community-entry';
import type { LaughAction, Laugher } from '../../domain/laugh';
import type { LeaderboardPosition } from '../../domain/leaderboard-position';
import { CommunityImageReadEntity } from './community-image.read-entity';

/** Public, completed, not hidden by an admin (D14, D16). */
const VISIBLE = `i.is_public AND NOT i.is_hidden_by_admin AND i.status = 'completed'`;

/** Visible, or the user's own completed image when they laugh as themselves (a My Edits laugh, 001 §3); `$3` is Laugher.asUser. */
const LAUGHABLE = `((${VISIBLE}) OR (i.user_id = $3::uuid AND i.status = 'completed'))`;

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
 * D15: a change of 1 is queued for `laugh_count` only when the laugh row went in (ADR 0034: the
 * fold moves it into the count; the image row is not touched here).
 */
const ADD_LAUGH_CTES = `ins AS (INSERT INTO laugh (image_id, user_identifier)
                 SELECT img.id, $2 FROM img
                 ON CONFLICT (image_id, user_identifier) DO NOTHING RETURNING image_id),
       chg AS (INSERT INTO laugh_count_delta (image_id, delta) SELECT image_id, 1 FROM ins RETURNING image_id)`;

/** D15: a change of -1 only when a laugh row was deleted (so the count never goes below 0). */
const REMOVE_LAUGH_CTES = `del AS (DELETE FROM laugh WHERE image_id IN (SELECT img.id FROM img) AND user_identifier = $2
                 RETURNING image_id),
       chg AS (INSERT INTO laugh_count_delta (image_id, delta) SELECT image_id, -1 FROM del RETURNING image_id)`;

/** What one laugh write did. */
export interface LaughWrite {
  /** The image exists and is visible, or is the caller's own. */
  found: boolean;
  /** A laugh row went in (add) or out (remove), and its change of `laugh_count` is queued. */
  changed: boolean;
}

/**
 * Community's SQL (ADR 0010): the `image` table through community's own read mapping (it writes
 * only `laugh_count`) and the `laugh` table, which community owns. Every query is parameterised.
 */
@Injectable()
export class TypeormCommunityRepository {
  constructor(@InjectRepository(CommunityImageReadEntity) private readonly images: Repository<CommunityImageReadEntity>) {}

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

  /** Visible laughed images, most laughs first, then newest (D16, `image_leaderboard_idx`). */
  async findMostLaughedVisible(limit: number, offset: number): Promise<LeaderboardImage[]> {
    const rows = await this.q<LeaderboardRow>(
      `SELECT ${FEED_COLUMNS}, ${TIMESTAMP_TEXT} FROM image i
        WHERE ${VISIBLE} AND i.laugh_count > 0
        ORDER BY i.laugh_count DESC, i.timestamp DESC, i.id LIMIT $1 OFFSET $2`,
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
   * D15 in one statement and one commit: the laugh row (inserted or deleted only when the image is
   * visible, or is the caller's own) and, only when a row was inserted or deleted, its change of
   * `laugh_count` queued for the fold (foldLaughCounts).
   */
  async toggleLaugh(action: LaughAction, imageId: string, laugher: Laugher): Promise<LaughWrite> {
    const rows = await this.q<{ found: boolean; changed: boolean }>(
      `WITH img AS (SELECT i.id FROM image i WHERE i.id = $1 AND ${LAUGHABLE}),
       ${action === 'add' ? ADD_LAUGH_CTES : REMOVE_LAUGH_CTES}
       SELECT EXISTS (SELECT 1 FROM img) AS found, EXISTS (SELECT 1 FROM chg) AS changed`,
      [imageId, laugher.userIdentifier, laugher.asUser],
    );
    const row = rows[0];
    return { found: row.found, changed: row.changed };
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
    // An UPDATE answers [rows, affected] through TypeORM's query runner.
    const [rows] = (await this.images.manager.query(
      `WITH turn AS (SELECT pg_advisory_xact_lock(hashtext('laugh_count_delta'))),
            d AS (DELETE FROM laugh_count_delta WHERE EXISTS (SELECT 1 FROM turn) RETURNING image_id, delta),
            s AS (SELECT image_id, sum(delta)::int AS n FROM d GROUP BY image_id HAVING sum(delta) <> 0)
       UPDATE image i SET laugh_count = GREATEST(i.laugh_count + s.n, 0)
         FROM s WHERE i.id = s.image_id
       RETURNING i.id, i.laugh_count`,
    )) as [Array<{ id: string; laugh_count: number }>, number];
    return new Map(rows.map((r) => [r.id, Number(r.laugh_count)]));
  }

  /** The committed count, read afresh: `laugh_count` and the changes not folded into it yet. */
  async currentLaughCount(imageId: string): Promise<number> {
    const [now] = await this.q<{ laugh_count: number }>(
      `SELECT GREATEST(i.laugh_count + COALESCE((SELECT sum(d.delta) FROM laugh_count_delta d WHERE d.image_id = i.id), 0), 0)::int
                AS laugh_count
         FROM image i WHERE i.id = $1`,
      [imageId],
    );
    return Number(now?.laugh_count ?? 0);
  }
}
