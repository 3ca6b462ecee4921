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

/** An image row inserted directly (the feed reads rows; generation is exercised in live.int-spec). */
export async function seedImage(t: TestApp, userId: string, seed: ImageSeed = {}): Promise<string> {
  const rows = await sql<{ id: string }>(
    t,
    `INSERT INTO image (user_id, prompt, style, status, is_public, is_hidden_by_admin, laugh_count, timestamp)
     VALUES ($1, $2, 'funny', $3, $4, $5, $6, now() - make_interval(secs => $7)) RETURNING id`,
    [userId, seed.prompt ?? 'a prompt', seed.status ?? 'completed', seed.isPublic ?? true, seed.hidden ?? false, seed.laughs ?? 0, seed.ageSeconds ?? 0],
  );
  return rows[0].id;
}

export async function resetLaughLimit(t: TestApp): Promise<void> {
  await sql(t, `DELETE FROM rate_limit_attempt WHERE attempt_type = 'laugh'`);
}
