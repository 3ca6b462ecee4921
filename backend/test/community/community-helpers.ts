import type { TestApp } from '../support/test-app';
import { sql } from '../generation/generation-helpers';

export { sql };
/** The community cache and writes behind its back: the shared fixtures' (support/fixtures.ts). */
export { feedCache, feedWrite } from '../support/fixtures';

export async function resetLaughLimit(t: TestApp): Promise<void> {
  await sql(t, `DELETE FROM rate_limit_attempt WHERE attempt_type = 'laugh'`);
}
