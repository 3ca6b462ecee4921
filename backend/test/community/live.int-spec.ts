import WebSocket from 'ws';
import { createGenerationApp, generate, signedInUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { sql } from './community-helpers';

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

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
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
    await waitFor(() => onB.length >= 1 && onA.length >= 1);
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
    await sleep(300);
    expect(onB).toHaveLength(1); // one NOTIFY, one broadcast per instance
    expect(onA).toHaveLength(1);

    // A private generation is not pushed anywhere.
    const priv = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200);
    const [privRow] = await sql<{ is_public: boolean; status: string }>(a, `SELECT is_public, status FROM image WHERE id = $1`, [priv.body.id]);
    expect(privRow).toEqual({ is_public: false, status: 'completed' });
    await sleep(500);
    expect(onB).toHaveLength(1);
    expect(onA).toHaveLength(1);
    wsA.close();
    wsB.close();
  });

  it('reconnects its LISTEN connection after it drops and keeps delivering', async () => {
    const wsB = await open(`${b.baseUrl!.replace('http', 'ws')}/ws`);
    const onB = collect(wsB);
    const killed = await sql<{ ok: boolean }>(
      a,
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN community_new_edit'`,
    );
    expect(killed.length).toBe(2); // one dedicated listener per instance
    // Wait until both listeners are back.
    const end = Date.now() + 5000;
    for (;;) {
      const [{ n }] = await sql<{ n: number }>(
        a,
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN community_new_edit'`,
      );
      if (n === 2) break;
      if (Date.now() > end) throw new Error(`listeners not back: ${n}`);
      await sleep(100);
    }
    const user = await signedInUser(a, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    await waitFor(() => onB.length >= 1);
    expect(onB[0]).toMatchObject({ type: 'new_community_edit', data: { id: res.body.id } });
    wsB.close();
  });
});
