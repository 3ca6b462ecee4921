import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { signUpBody } from '../identity/identity-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { masked, startFakeOpenai, type FakeOpenai } from '../support/fake-openai';
import { startFakeYoutube, type FakeYoutube } from '../support/fake-youtube';
import { type RunningApp, startAppOnDatabase, waitUntil } from '../support/server-process';
import { addTalk, watchUrl } from './tools-helpers';

jest.setTimeout(120_000);

/** In every key of this test, and nowhere else. */
const MARK = 'Zq7KeyMark';

/**
 * D33: the user's OpenAI key "is never logged, stored or echoed (not even masked)". The server runs
 * as a real process (src/main.ts) logging everything (LOG_LEVEL=trace); requests carry distinctive
 * keys through every path (success, refused, no credit, rate limit, OpenAI down, a malformed key,
 * a body that is not JSON, an unknown field, signed out, YouTube failing). Then every line the
 * process printed and every row of every table are searched for each key, its masked form (as
 * OpenAI quotes it in its 401 message) and its random part.
 */
describe('the OpenAI key is never logged, stored or echoed', () => {
  let db: TestDatabase;
  let youtube: FakeYoutube;
  let openai: FakeOpenai;
  let app: RunningApp | undefined;
  let outboxDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('secrecy');
    youtube = await startFakeYoutube();
    openai = await startFakeOpenai();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-outbox-'));
  });
  afterAll(async () => {
    await app?.stop();
    await youtube?.close();
    await openai?.close();
    await db?.drop();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('appears in no log line, no answer and no database row', async () => {
    app = await startAppOnDatabase(db, {
      NODE_ENV: 'development',
      LOG_LEVEL: 'trace',
      MAIL_OUTBOX_DIR: outboxDir,
      REGISTRATIONS_PER_IP_PER_DAY: '1000',
      REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000',
      YOUTUBE_ARTICLES_PER_HOUR: '1000',
      OPENAI_RETRY_BASE_MS: '1',
      OPENAI_API_KEY: '', // whatever the shell has: unset
      ...youtube.env,
      ...openai.env,
    });
    const { base, output } = app;

    const account = signUpBody();
    const registered = await fetch(`${base}/api/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0];

    const keys: string[] = [];
    const key = (label: string, ...script: Parameters<FakeOpenai['script']>[1][]) => {
      const k = openai.newKey(`${MARK}${label}`);
      if (script.length) openai.script(k, ...script);
      keys.push(k);
      return k;
    };
    const post = async (body: string, signedIn = true) => {
      const res = await fetch(`${base}/api/youtube-to-article`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signedIn ? { Cookie: cookie } : {}) },
        body,
      });
      return { status: res.status, text: await res.text() };
    };
    const article = (openaiKey: string, youtubeUrl = watchUrl(addTalk(youtube))) => post(JSON.stringify({ youtubeUrl, openaiKey }));

    const answers: Array<{ status: number; text: string; expected: number }> = [];
    const expect_ = async (expected: number, answer: Promise<{ status: number; text: string }>) => answers.push({ ...(await answer), expected });
    await expect_(200, article(key('ok')));
    await expect_(400, article(key('revoked', 'invalid-key')));
    const unknown = `sk-proj-${MARK}unknown${randomBytes(20).toString('hex')}`; // a key OpenAI does not know
    keys.push(unknown);
    await expect_(400, article(unknown));
    await expect_(402, article(key('broke', 'no-credit')));
    await expect_(503, article(key('limited', 'rate-limit', 'rate-limit', 'rate-limit', 'rate-limit')));
    await expect_(503, article(key('down', 'server-error')));
    const malformed = `sk-proj-${MARK}malformed ${randomBytes(8).toString('hex')}`;
    keys.push(malformed);
    await expect_(400, article(malformed));
    await expect_(400, post(`{"youtubeUrl": "${watchUrl(addTalk(youtube))}", "openaiKey": "${key('brokenjson')}"`));
    const twice = key('unknownfield');
    await expect_(400, post(JSON.stringify({ youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: twice, apiKey: twice })));
    await expect_(401, post(JSON.stringify({ youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key('signedout') }), false));
    const privateVideo = youtube.newId();
    youtube.addVideo(privateVideo, { kind: 'private' });
    await expect_(404, article(key('youtubefails'), watchUrl(privateVideo)));

    expect(answers.map((a) => a.status)).toEqual(answers.map((a) => a.expected));

    // Every request has been logged once this marker is: pino writes in order.
    const marker = `flush-${randomBytes(6).toString('hex')}`;
    await fetch(`${base}/api/${marker}`);
    await waitUntil('the marker in the log', () => output().includes(marker), output);

    const log = output();
    // The log is there to be searched: the requests and the article made it in.
    expect(log).toContain('/api/youtube-to-article');
    expect(log).toContain('YouTube article written');
    expect(log).toContain('OpenAI rate limit');

    const secrets = keys.flatMap((k) => [k, masked(k), k.slice(-24)]).filter((s) => s.length >= 12);
    for (const s of secrets) {
      expect({ secret: s, inLog: log.includes(s) }).toEqual({ secret: s, inLog: false });
      for (const a of answers) expect({ secret: s, inAnswer: a.text.includes(s) }).toEqual({ secret: s, inAnswer: false });
    }
    // The mark every key carries is in no line either.
    expect(log).not.toContain(MARK);

    // No table holds it: every row of every table, as text.
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const tables = (
        await client.query<{ schema: string; name: string }>(
          `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
           WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
        )
      ).rows;
      expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['user', 'session', 'rate_limit_attempt']));
      const found: string[] = [];
      for (const { schema, name } of tables) {
        const rows = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."${name}" AS r WHERE r::text LIKE $1`, [`%${MARK}%`]);
        if (Number(rows.rows[0].n) > 0) found.push(`${schema}.${name}`);
      }
      expect(found).toEqual([]);
      // And the requests did reach the database (the limiter counted them).
      const counted = await client.query<{ n: number }>(`SELECT attempt_count AS n FROM rate_limit_attempt WHERE attempt_type = 'youtube_article'`);
      expect(counted.rows[0].n).toBe(7); // the malformed key, bad bodies and the signed-out call are not counted
    } finally {
      await client.end();
    }
  });
});
