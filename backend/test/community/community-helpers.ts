import { COMMUNITY_CACHE } from '../../src/modules/community/application/community-cache';
import type { FeedCache } from '../../src/modules/community/application/feed-cache';
import type { TestApp } from '../support/test-app';
import { sql } from '../generation/generation-helpers';

export { sql };

export interface ImageSeed {
  status?: string;
  isPublic?: boolean;
  hidden?: boolean;
  laughs?: number;
  /** Seconds before now. */
  ageSeconds?: number;
  prompt?: string;
}

/** The app's community cache (ADR 0011). */
export function feedCache(t: TestApp): FeedCache {
  return t.app.get<symbol, FeedCache>(COMMUNITY_CACHE, { strict: false });
}

/**
 * Runs a write straight to the database and waits until the trigger's notification has dropped
 * the app's community cache, as it would for a write by another instance. (A notification arrives
 * a moment after the commit; a request sent in that moment could still get the previous answer.)
 */
export async function feedWrite<T>(t: TestApp, write: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const cache = feedCache(t);
  const before = cache.invalidations;
  const result = await write();
  const deadline = Date.now() + timeoutMs;
  while (cache.invalidations === before) {
    if (Date.now() > deadline) throw new Error('The community cache was not invalidated after a database write');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return result;
}

/** An image row inserted directly (the feed reads rows; generation is exercised in live.int-spec). */
export async function seedImage(t: TestApp, userId: string, seed: ImageSeed = {}): Promise<string> {
  const visible = (seed.status ?? 'completed') === 'completed' && (seed.isPublic ?? true) && !seed.hidden;
  const insert = () =>
    sql<{ id: string }>(
      t,
      `INSERT INTO image (user_id, prompt, style, status, is_public, is_hidden_by_admin, laugh_count, timestamp)
       VALUES ($1, $2, 'funny', $3, $4, $5, $6, now() - make_interval(secs => $7)) RETURNING id`,
      [userId, seed.prompt ?? 'a prompt', seed.status ?? 'completed', seed.isPublic ?? true, seed.hidden ?? false, seed.laughs ?? 0, seed.ageSeconds ?? 0],
    );
  // Only a visible image is announced; an invisible one changes nothing the feed shows.
  const rows = visible ? await feedWrite(t, insert) : await insert();
  return rows[0].id;
}

export async function resetLaughLimit(t: TestApp): Promise<void> {
  await sql(t, `DELETE FROM rate_limit_attempt WHERE attempt_type = 'laugh'`);
}
