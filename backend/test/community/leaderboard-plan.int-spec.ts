import { DataSource } from 'typeorm';
import { TypeormCommunityRepository } from '../../src/modules/community/adapters/typeorm/typeorm-community.repository';
import { createGenerationApp, signedInUser } from '../generation/generation-helpers';
import { sql } from './community-helpers';
import { newImage } from '../support/fixtures';
import type { TestApp } from '../support/test-app';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/**
 * Issue 29: `image_leaderboard_idx` holds only what the leaderboard shows (its predicate is
 * community's visibility and `laugh_count > 0`, in the initial schema). A planner uses a partial
 * index only for a query whose WHERE implies its predicate: if the visibility rule in the
 * repository changed without the index, the leaderboard would fall back to another index (or a
 * scan of every image) without a test noticing. And a page by offset walks the index alone: only
 * its own rows are read from the table. The plans are asked for with sequential scans priced out,
 * as on a large table.
 */
describe('the leaderboard reads its own index (issue 29)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createGenerationApp();
    const userId = (await signedInUser(t)).id;
    for (let i = 0; i < 30; i++) await newImage(t, userId, { laughs: 1 + (i % 5), ageSeconds: i });
    await newImage(t, userId, { laughs: 9, isPublic: false });
    await newImage(t, userId, { laughs: 9, hidden: true });
    await newImage(t, userId, { status: 'processing' });
    // The visibility map, as autovacuum keeps it on a real table: what lets a scan skip the heap.
    await sql(t, `VACUUM (ANALYZE) image`);
  });
  afterAll(() => t.close());

  /** The plans of the statements the repository sends while `read` runs. */
  async function plansOf(read: (repository: TypeormCommunityRepository) => Promise<unknown>): Promise<PlanNode[][]> {
    const ds = t.app.get(DataSource);
    const repository = t.app.get(TypeormCommunityRepository);
    // Every read of the repository goes through its one query helper.
    const spy = jest.spyOn(repository as unknown as { q(sql: string, params?: unknown[]): Promise<unknown[]> }, 'q');
    let statements: Array<readonly [string, unknown[]]>;
    try {
      await read(repository);
      statements = spy.mock.calls.map(([query, parameters]) => [query, parameters ?? []] as const);
    } finally {
      spy.mockRestore(); // which empties mock.calls
    }
    expect(statements).not.toHaveLength(0);
    const runner = ds.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL enable_seqscan = off`);
      const plans: PlanNode[][] = [];
      for (const [query, parameters] of statements) {
        const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) ${query}`, parameters)) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
        plans.push(nodesOf(row['QUERY PLAN'][0].Plan));
      }
      return plans;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it('walks a page by offset in the index alone (an index-only scan), reading only its rows from the table', async () => {
    const [nodes] = await plansOf((repository) => repository.findMostLaughedVisible(10, 20));
    const scans = nodes!.filter((n) => n['Index Name'] === 'image_leaderboard_idx');
    expect(scans.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
  });

  it('seeks the index from a cursor', async () => {
    const [top] = await t.app.get(TypeormCommunityRepository).findMostLaughedVisible(1, 0);
    const [nodes] = await plansOf((repository) =>
      repository.findMostLaughedAfter(10, { laughCount: top!.laughCount, timestamp: top!.timestampText, id: top!.id, rank: 1 }),
    );
    expect(nodes!.some((n) => n['Index Name'] === 'image_leaderboard_idx' && /^Index (Only )?Scan$/.test(n['Node Type']))).toBe(true);
  });

  it('answers what it did before: visible laughed images only, most laughs first', async () => {
    const rows = await t.app.get(TypeormCommunityRepository).findMostLaughedVisible(50, 0);
    expect(rows).toHaveLength(30);
    const counts = rows.map((r) => r.laughCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(Math.max(...counts)).toBe(5);
  });
});
