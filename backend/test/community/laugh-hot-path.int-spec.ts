import * as http from 'node:http';
import { Client } from 'pg';
import { LaughHotPath } from '../../src/modules/community/adapters/http/laugh-hot-path';
import { LAUGH_COUNT_TURN_SQL } from '../../src/modules/community/adapters/typeorm/typeorm-community.repository';
import { signUpBody } from '../identity/identity-helpers';
import { newImage } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { resetLaughLimit, sql } from './community-helpers';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * ADR 0037: POST add-laugh / remove-laugh answered before Express. Every answer it gives must be
 * the pipeline's own (status, bytes, headers), and whatever it cannot answer exactly is left,
 * unread, to the pipeline. A query string sends a request the pipeline's way, so each case is sent
 * both ways and compared.
 */
describe('laughs on the hot path (ADR 0037)', () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    const res = await fetch(`${t.baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signUpBody()) });
    ownerId = ((await res.json()) as { id: string }).id;
  });
  afterAll(() => t?.close());
  beforeEach(() => resetLaughLimit(t));

  const answered = () => t.app.get(LaughHotPath).answered;

  /** A raw POST (node:http: exactly these headers and bytes). */
  function post(path: string, body: string | Buffer, headers: Record<string, string> = {}, chunked = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      const req = http.request(
        `${t.baseUrl}${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(bytes.length) }), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const out: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.on('error', reject);
      if (chunked) {
        // Written before the end, the body goes out in chunks (Transfer-Encoding: chunked, no length).
        req.write(bytes);
        req.end();
      } else {
        req.end(bytes);
      }
    });
  }

  /** The headers that differ on every answer of any server. */
  function comparable(headers: Record<string, string>): Record<string, string> {
    const { date: _date, 'x-request-id': requestId, ...rest } = headers;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return rest;
  }

  /** Sends the same laugh to `hotImage` on the hot path and to `pipelineImage` through the pipeline; both answers. */
  async function bothWays(
    action: 'add' | 'remove',
    images: { hot: string; pipeline: string },
    body: string,
    headers: Record<string, string> = {},
  ): Promise<{ hot: Answer; pipeline: Answer }> {
    const before = answered();
    const hot = await post(`/api/images/${images.hot}/${action}-laugh`, body, headers);
    expect(answered()).toBe(before + 1);
    const pipeline = await post(`/api/images/${images.pipeline}/${action}-laugh?via=pipeline`, body, headers);
    expect(answered()).toBe(before + 1);
    expect(hot.status).toBe(pipeline.status);
    expect(hot.body).toBe(pipeline.body);
    expect(comparable(hot.headers)).toEqual(comparable(pipeline.headers));
    return { hot, pipeline };
  }

  const identifier = (id: unknown) => JSON.stringify({ userIdentifier: id });

  it('answers every outcome as the pipeline does: bytes, status, headers', async () => {
    const images = { hot: await newImage(t, ownerId), pipeline: await newImage(t, ownerId) };
    const added = await bothWays('add', images, identifier('browser-1'));
    expect(added.hot.status).toBe(200);
    expect(JSON.parse(added.hot.body)).toEqual({ laughCount: 1, hasLaughed: true });
    expect(added.hot.headers['content-security-policy']).toContain("default-src 'self'");
    expect(added.hot.headers.etag).toMatch(/^W\//);
    // A repeat changes nothing; then taken back, twice.
    expect(JSON.parse((await bothWays('add', images, identifier('browser-1'))).hot.body)).toEqual({ laughCount: 1, hasLaughed: true });
    expect(JSON.parse((await bothWays('remove', images, identifier('browser-1'))).hot.body)).toEqual({ laughCount: 0, hasLaughed: false });
    expect(JSON.parse((await bothWays('remove', images, identifier('browser-1'))).hot.body)).toEqual({ laughCount: 0, hasLaughed: false });
    // A POST with If-None-Match is answered 200 (only a GET or HEAD can be fresh).
    const conditional = await bothWays('add', images, identifier('browser-2'), { 'if-none-match': added.hot.headers.etag });
    expect(conditional.hot.status).toBe(200);

    const refusals: Array<[string, number, string]> = [
      [identifier('a b'), 400, 'VALIDATION.FAILED'],
      [JSON.stringify({}), 400, 'VALIDATION.FAILED'],
      ['[]', 400, 'VALIDATION.FAILED'],
      ['{"userIdentifier":', 400, 'HTTP.BAD_REQUEST'],
      ['"browser-1"', 400, 'HTTP.BAD_REQUEST'],
      ['   ', 400, 'HTTP.BAD_REQUEST'],
      [identifier('nul\u0000'), 400, 'HTTP.NUL_CHARACTER'],
      [`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, 400, 'HTTP.BODY_TOO_DEEP'],
      // A user id as identifier, from nobody signed in (001 §3).
      [identifier('00000000-0000-4000-8000-000000000001'), 403, 'LAUGH.FOREIGN_IDENTIFIER'],
    ];
    for (const [body, status, code] of refusals) {
      const { hot } = await bothWays('add', images, body);
      expect([hot.status, JSON.parse(hot.body).code]).toEqual([status, code]);
    }
    // A UTF-8 byte order mark is skipped, as the parser's decoder does.
    expect((await bothWays('add', images, `\ufeff${identifier('browser-3')}`)).hot.status).toBe(200);

    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const missing = await bothWays('add', { hot: unknown, pipeline: unknown }, identifier('browser-1'));
    expect([missing.hot.status, JSON.parse(missing.hot.body).code]).toEqual([404, 'IMAGE.NOT_FOUND']);
  });

  it('429 from the per-address counter, counted once per laugh on either path, lifted by the whitelist', async () => {
    const images = { hot: await newImage(t, ownerId), pipeline: await newImage(t, ownerId) };
    // 60 a minute: 30 each way, all let through; the next is refused both ways.
    for (let i = 0; i < 30; i++) await bothWays('add', images, identifier(`b-${i}`));
    const [counter] = await sql<{ attempt_count: number }>(t, `SELECT attempt_count FROM rate_limit_attempt WHERE attempt_type = 'laugh'`);
    expect(counter.attempt_count).toBe(60);
    const refused = await bothWays('add', images, identifier('one-more'));
    expect([refused.hot.status, JSON.parse(refused.hot.body).code]).toEqual([429, 'RATE_LIMIT.BLOCKED']);
    const [{ n }] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM laugh WHERE user_identifier = 'one-more'`);
    expect(n).toBe(0);
    await sql(t, `INSERT INTO admin_whitelist (type, value, reason) VALUES ('ip', '127.0.0.1', 'laugh-hot-path')`);
    try {
      const lifted = await bothWays('add', images, identifier('one-more'));
      expect(JSON.parse(lifted.hot.body)).toEqual({ laughCount: 31, hasLaughed: true });
    } finally {
      await sql(t, `DELETE FROM admin_whitelist WHERE reason = 'laugh-hot-path'`);
    }
  });

  it('a signed-in user laughs as themselves on their own private image once this instance holds the session', async () => {
    const res = await fetch(`${t.baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signUpBody()) });
    const { id } = (await res.json()) as { id: string };
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('magic.sid='))!.split(';')[0];
    const images = { hot: await newImage(t, id, { isPublic: false }), pipeline: await newImage(t, id, { isPublic: false }) };
    // The first one is the pipeline's (the session is not held yet), which then remembers it.
    const before = answered();
    expect((await post(`/api/images/${images.hot}/add-laugh`, identifier(id), { cookie })).status).toBe(200);
    expect(answered()).toBe(before);
    const { hot } = await bothWays('remove', images, identifier(id), { cookie });
    expect(JSON.parse(hot.body)).toEqual({ laughCount: 0, hasLaughed: false });
    // Somebody else's id, signed in: 403 both ways.
    const foreign = await bothWays('add', images, identifier(ownerId), { cookie });
    expect(foreign.hot.status).toBe(403);
  });

  it('leaves to the pipeline, unread, what it cannot answer exactly', async () => {
    const image = await newImage(t, ownerId);
    const path = `/api/images/${image}/add-laugh`;
    const cases: Array<{ body?: string; headers?: Record<string, string>; chunked?: boolean; path?: string; status: number; code?: string }> = [
      // D18: another site's page (the pipeline refuses it); the page's own origin is fine.
      { headers: { origin: 'https://evil.example' }, status: 403, code: 'HTTP.CROSS_SITE' },
      { headers: { 'sec-fetch-site': 'cross-site' }, status: 403, code: 'HTTP.CROSS_SITE' },
      // Bodies express.json would read differently, or not at all.
      { headers: { 'content-type': 'text/plain' }, status: 400, code: 'VALIDATION.FAILED' },
      { headers: { 'content-type': 'application/json; charset=latin1' }, status: 415 },
      { chunked: true, status: 200 },
      { body: JSON.stringify({ userIdentifier: 'x', pad: 'y'.repeat(5000) }), status: 200 },
      { body: '', status: 400, code: 'VALIDATION.FAILED' },
      // A session cookie this instance cannot vouch for (the pipeline treats it as signed out).
      { headers: { cookie: 'magic.sid=s%3Aforged.signature' }, status: 200 },
      // Not an image id.
      { path: '/api/images/not-a-uuid/add-laugh', status: 404, code: 'IMAGE.NOT_FOUND' },
    ];
    for (const c of cases) {
      const before = answered();
      const res = await post(c.path ?? path, c.body ?? identifier(`left-${before}`), c.headers, c.chunked);
      expect({ case: c, status: res.status, code: c.code && JSON.parse(res.body).code }).toEqual({ case: c, status: c.status, code: c.code });
      expect({ case: c, answered: answered() }).toEqual({ case: c, answered: before });
    }
  });

  it('a batch the database ends in a deadlock is written again, and its laughs answered 200', async () => {
    const image = await newImage(t, ownerId);
    // The address's counter row exists, and another transaction holds it.
    expect((await post(`/api/images/${image}/add-laugh`, identifier('first'))).status).toBe(200);
    const other = new Client({ connectionString: t.db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      // Its own deadlock check runs late, so the batch's (due 1 s after it starts waiting) finds the
      // cycle first however busy the machine is: the batch is the one the database ends.
      await other.query(`SET LOCAL deadlock_timeout = '30s'`);
      await other.query(`UPDATE rate_limit_attempt SET last_attempt = now() WHERE attempt_type = 'laugh'`);
      // The laugh's batch takes the laugh writers' turn, then waits for that row...
      const laugh = post(`/api/images/${image}/add-laugh`, identifier('second'));
      await waitForRowLockWait(other);
      // ...and the other transaction now waits for the turn: a deadlock, which ends the batch.
      // The other then gets the turn and commits, and the batch is written again.
      const turn = other.query(LAUGH_COUNT_TURN_SQL);
      await turn;
      await other.query('COMMIT');
      const res = await laugh;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ laughCount: 2, hasLaughed: true });
    } finally {
      await other.end();
    }
  });
});

/** Until some transaction of the server waits for another's row (a lock on its transaction id). */
async function waitForRowLockWait(client: Client): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`);
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('nobody waited for a row lock');
}
