import { randomBytes } from 'node:crypto';
import { signUpBody } from '../identity/identity-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type RunningApp, startAppOnDatabase, waitUntil } from '../support/server-process';

jest.setTimeout(120_000);

interface LogLine {
  level: number;
  msg?: string;
  context?: string;
  userId?: string;
  responseTime?: number;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
}

/**
 * Issue 15: in production the log is JSON, one line per request with method, path, status, time,
 * request id and user id, and never a header or a cookie; an anonymous GET /api/user (every
 * signed-out page load) is not a warning; the credits poll is debug; Nest's route lines are debug.
 */
describe('the request log in production', () => {
  let db: TestDatabase;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('reqlog');
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('writes slim JSON request lines without headers or cookies, and no warning for a signed-out visitor', async () => {
    app = await startAppOnDatabase(db, { NODE_ENV: 'production', LOCAL_CHECKOUT_IN_PRODUCTION: 'true', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true', LOG_LEVEL: 'info' });
    const { base, output } = app;

    const cookieSecret = `cookie${randomBytes(8).toString('hex')}`;
    const headerSecret = `header${randomBytes(8).toString('hex')}`;
    const anonymous = await fetch(`${base}/api/user`, { headers: { Cookie: `other=${cookieSecret}`, 'X-Custom': headerSecret } });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${base}/api/user/credits`)).status).toBe(401);

    const account = signUpBody();
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);
    const sessionCookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = await fetch(`${base}/api/user`, { headers: { Cookie: sessionCookie } });
    expect(me.status).toBe(200);
    const userId = ((await me.json()) as { id: string }).id;

    const marker = `flush-${randomBytes(6).toString('hex')}`;
    await fetch(`${base}/api/${marker}`);
    await waitUntil('the marker in the log', () => output().includes(marker), output);

    const log = output();
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    expect(lines.length).toBeGreaterThan(0);

    const requestLines = lines.filter((l) => l.req && l.res);
    const anonymousLine = requestLines.find((l) => l.req?.url === '/api/user' && l.res?.statusCode === 401);
    expect(anonymousLine).toBeDefined();
    expect(anonymousLine!.level).toBe(30); // info, not warn (40)
    expect(anonymousLine!.msg).toMatch(/^GET \/api\/user 401 \d+ ms$/);
    expect(Object.keys(anonymousLine!.req!).sort()).toEqual(['id', 'method', 'url']);
    expect(Object.keys(anonymousLine!.res!)).toEqual(['statusCode']);
    expect(typeof anonymousLine!.responseTime).toBe('number');
    expect(anonymousLine!.userId).toBeUndefined();

    // The signed-in request carries who asked.
    const signedInLine = requestLines.find((l) => l.req?.url === '/api/user' && l.res?.statusCode === 200);
    expect(signedInLine?.userId).toBe(userId);

    // No headers or cookies anywhere, on any line.
    expect(log).not.toContain(cookieSecret);
    expect(log).not.toContain(headerSecret);
    expect(log).not.toContain(sessionCookie.split('=')[1]);
    expect(log).not.toMatch(/"headers"/);
    for (const l of requestLines) expect(JSON.stringify(l).length).toBeLessThan(400);

    // The credits poll is debug (not written at info); Nest's route table is not at info either.
    expect(requestLines.filter((l) => l.req?.url === '/api/user/credits')).toEqual([]);
    expect(log).not.toContain('Mapped {');
    expect(lines.filter((l) => ['RoutesResolver', 'RouterExplorer', 'InstanceLoader'].includes(l.context ?? ''))).toEqual([]);
    expect(log).toContain('Magic Editor is listening');
  });
});
