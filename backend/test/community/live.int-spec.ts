import request from 'supertest';
import WebSocket from 'ws';
import { createGenerationApp, generate, signedInUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { sql } from './community-helpers';
import { waitFor } from '../support/wait-for';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

interface Live {
  type: string;
  data: { id: string; [k: string]: unknown };
}

function collect(ws: WebSocket): Live[] {
  const got: Live[] = [];
  ws.on('message', (data) => got.push(JSON.parse(String(data)) as Live));
  return got;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('community live updates across instances (D17)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createGenerationApp({ listen: true });
    b = await createGenerationApp({ listen: true, db: a.db });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a ws client on instance B receives the public image generated through instance A, once', async () => {
    const wsB = await open(`${b.baseUrl!.replace('http', 'ws')}/ws`);
    const wsA = await open(`${a.baseUrl!.replace('http', 'ws')}/ws`);
    const onB = collect(wsB);
    const onA = collect(wsA);
    const user = await signedInUser(a, { regular: 3 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    const [row] = await sql<{ id: string }>(a, `SELECT id FROM image WHERE user_id = $1 AND status = 'completed'`, [user.id]);
    expect(row).toBeDefined();
    expect(JSON.stringify(res.body)).toContain(row.id);
    await waitFor('the edit on both instances', () => onB.length >= 1 && onA.length >= 1, { intervalMs: 25 });
    expect(onB[0]).toEqual({
      type: 'new_community_edit',
      data: expect.objectContaining({
        id: row.id,
        prompt: 'make it black and white',
        laughCount: 0,
        generatedPath: `/api/images/${row.id}`,
        originalPath: `/api/images/${row.id}/original`,
        imageUrl: `/api/images/${row.id}`,
        originalUrl: `/api/images/${row.id}/original`,
      }),
    });
    expect(onA[0].data.id).toBe(row.id);

    // A private generation is not pushed anywhere.
    const priv = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200);
    const [privRow] = await sql<{ is_public: boolean; status: string }>(a, `SELECT is_public, status FROM image WHERE id = $1`, [priv.body.id]);
    expect(privRow).toEqual({ is_public: false, status: 'completed' });
    // A later public edit, the control: each instance hears the notifications in commit order, so
    // once the control has arrived, a second push of the first edit or a push of the private one
    // would have arrived before it.
    const control = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    const arrived = (got: Live[]) => got.some((m) => m.data.id === control.body.id);
    await waitFor('the control edit on both instances', () => arrived(onA) && arrived(onB), { intervalMs: 25 });
    expect(onB.map((m) => m.data.id)).toEqual([row.id, control.body.id]); // one NOTIFY, one broadcast per instance
    expect(onA.map((m) => m.data.id)).toEqual([row.id, control.body.id]);
    wsA.close();
    wsB.close();
  });

  it("a laugh through instance A reaches instance B's cached feed and leaderboard", async () => {
    const user = await signedInUser(a, { regular: 1 });
    const made = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    const id = made.body.id as string;
    const laughsOf = async (t: TestApp) => {
      const recent = (await request(t.http).get('/api/community/recent?limit=50').expect(200)).body as Array<{ id: string; laughCount: number }>;
      return recent.find((e) => e.id === id)?.laughCount;
    };
    // B shows the new image (its cache was dropped by the trigger's notification) and caches it.
    await waitFor("the new image in instance B's feed", async () => (await laughsOf(b)) !== undefined);
    expect(await laughsOf(b)).toBe(0); // now a cache hit on B

    await request(a.http).post(`/api/images/${id}/add-laugh`).send({ userIdentifier: 'cross-instance' }).expect(200);
    // The laugh's NOTIFY leaves A after its answer (coalesced, ADR 0011) and reaches B's listener
    // when it does: B's feed is polled until it shows the laugh; how soon is the hot-path bench's figure.
    await waitFor("the laugh in instance B's cached feed", async () => (await laughsOf(b)) === 1);
    const board = (await request(b.http).get('/api/leaderboard').expect(200)).body as Array<{ id: string; rank: number }>;
    expect(board.find((e) => e.id === id)).toMatchObject({ laughCount: 1 });
  });

  it('reconnects its LISTEN connection after it drops and keeps delivering', async () => {
    const wsB = await open(`${b.baseUrl!.replace('http', 'ws')}/ws`);
    const onB = collect(wsB);
    const killed = await sql<{ pid: number; ok: boolean }>(
      a,
      `SELECT pid, pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%LISTEN community_new_edit%'`,
    );
    expect(killed.length).toBe(2); // one dedicated listener per instance
    // Wait until both listeners are back on NEW sessions: their LISTEN has ended (the session is
    // idle after it), so it has taken effect; while it is still running, a NOTIFY would pass them
    // by. pg_terminate_backend only signals: a killed session can still be listed as idle for a
    // moment, so the killed pids never count (counting them let the edit's NOTIFY go out before
    // the reconnect, which comes a second later, on a busy CI machine).
    const killedPids = killed.map((k) => k.pid);
    const end = Date.now() + 10_000;
    for (;;) {
      const [{ n }] = await sql<{ n: number }>(
        a,
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> ALL($1::int[])
            AND query LIKE '%LISTEN community_new_edit%' AND state = 'idle'`,
        [killedPids],
      );
      if (n === 2) break;
      if (Date.now() > end) throw new Error(`listeners not back: ${n}`);
      await sleep(100);
    }
    const user = await signedInUser(a, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    // A positive signal; the bound is for a machine busy with the other test tiers (the same
    // process hosts both instances, the generation's signing and hashing included).
    await waitFor('the edit on instance B', () => onB.length >= 1, { intervalMs: 25, timeoutMs: 20_000 });
    expect(onB[0]).toMatchObject({ type: 'new_community_edit', data: { id: res.body.id } });
    wsB.close();
  });
});
