import { Client } from 'pg';
import { TypeormImageObjectMovesRepository } from '../../src/modules/images/adapters/typeorm/typeorm-image-object-moves.repository';
import { createGenerationApp, generate, signedInUser, sql } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';

/**
 * Issue 24's move of an image's objects records its new keys under the image's row lock. For a
 * chain step (D38) that must not wait for its parent image: an account deletion holds the parent
 * (deleting it) while it waits for the step's row, so a move that then waited for the parent
 * deadlocked with it and the deletion was left to the job (seen in the S3 tests under load).
 */
describe('recording an object move beside a deletion of the parent image', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGenerationApp();
  });
  afterAll(() => t?.close());

  it("records a chain step's move while another transaction holds its parent for deletion", async () => {
    const user = await signedInUser(t, { regular: 2 });
    const parent = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200);
    const step = await generate(user.agent, { sourceImageId: parent.body.id, prompt: 'make it black and white', share: 'false' }).expect(200);
    const [row] = await sql<{ parent_image_id: string }>(t, `SELECT parent_image_id FROM image WHERE id = $1`, [step.body.id]);
    expect(row.parent_image_id).toBe(parent.body.id);

    const deletion = new Client({ connectionString: t.db.url });
    await deletion.connect();
    try {
      await deletion.query('BEGIN');
      // What DELETE … FOR UPDATE SKIP LOCKED of the owner's images holds on the parent.
      await deletion.query(`SELECT 1 FROM image WHERE id = $1 FOR UPDATE`, [parent.body.id]);
      const moving = t.app
        .get(TypeormImageObjectMovesRepository)
        .recordMove(step.body.id, 'private', [{ from: `private/images/${step.body.id}/none.jpg`, to: `public/images/${step.body.id}/none.jpg` }]);
      // A positive signal either way: the move's answer, or the move waiting on the parent's lock.
      let settled = false;
      const outcome = await Promise.race([
        moving,
        (async () => {
          while (!settled) {
            const [{ waiting }] = await sql<{ waiting: number }>(
              t,
              `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE NOT l.granted AND a.datname = current_database() AND a.query LIKE '%UPDATE "image"%'`,
            );
            if (waiting > 0) return 'waiting for the parent';
            await new Promise((r) => setTimeout(r, 50));
          }
          return 'settled';
        })(),
      ]).finally(() => (settled = true));
      expect(outcome).toBe('moved');
      await deletion.query('ROLLBACK');
      await moving;
    } finally {
      await deletion.query('ROLLBACK').catch(() => undefined);
      await deletion.end();
    }
    const [after] = await sql<{ object_scope: string | null }>(t, `SELECT object_scope FROM image WHERE id = $1`, [step.body.id]);
    // Keys it does not record are left as they were; with none of its keys under private/ (the
    // PostgreSQL store keeps none) the scope is the target's.
    expect(after.object_scope).toBe('private');
  });
});
