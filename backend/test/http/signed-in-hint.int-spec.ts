import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request, { type Response } from 'supertest';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { SIGNED_IN_HINT_COOKIE } from '../../src/shared/http/shared-with-client/signed-in-hint';
import { signUpBody, sql } from '../identity/identity-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/** The Set-Cookie lines of an answer, by cookie name. */
function setCookies(res: Response): Map<string, string> {
  const lines = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** "name=value" of a Set-Cookie line, as a browser sends it back. */
const pairOf = (line: string) => line.split(';')[0]!;

/** A Set-Cookie line's attribute (lower-case name) → value ('' for a flag). */
function attributes(line: string): Map<string, string> {
  return new Map(
    line
      .split(';')
      .slice(1)
      .map((a) => {
        const [k = '', v = ''] = a.split('=');
        return [k.trim().toLowerCase(), v.trim()];
      }),
  );
}

/** Whether the line removes its cookie (an empty value and an expiry in the past, as Express writes it). */
function clears(line: string | undefined): boolean {
  if (!line) return false;
  return pairOf(line).endsWith('=') && Date.parse(attributes(line).get('expires') ?? '') <= Date.now();
}

/**
 * Issue 24: the signed-in hint (`magic.signed_in=1`, readable by the page) follows the session
 * cookie, so the client asks GET /api/user only when a session may exist; GET /api/user itself
 * still answers 401 when signed out (000 §7).
 */
describe('the signed-in hint cookie', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Magic Editor</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ env: { FRONTEND_DIST_DIR: dist, REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** Signs a new account up; its two cookies as a browser would send them. */
  async function signedUp(): Promise<{ email: string; password: string; session: string; hint: string }> {
    const user = signUpBody();
    const res = await request(t.http).post('/api/register').send(user).expect(201);
    const cookies = setCookies(res);
    return { email: user.email, password: user.password, session: pairOf(cookies.get(SESSION_COOKIE)!), hint: pairOf(cookies.get(SIGNED_IN_HINT_COOKIE)!) };
  }

  it('is set with the session cookie at sign-up: readable by the page, SameSite=Lax, Path=/, the same lifetime, no secret', async () => {
    const res = await request(t.http).post('/api/register').send(signUpBody()).expect(201);
    const cookies = setCookies(res);
    const session = cookies.get(SESSION_COOKIE)!;
    const hint = cookies.get(SIGNED_IN_HINT_COOKIE);
    expect(hint).toBeDefined();
    expect(pairOf(hint!)).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
    const h = attributes(hint!);
    const s = attributes(session);
    expect(h.has('httponly')).toBe(false);
    expect(s.has('httponly')).toBe(true);
    expect(h.get('samesite')).toBe('Lax');
    expect(h.get('path')).toBe('/');
    // express-session writes the session cookie's lifetime as Expires only.
    expect(Date.parse(s.get('expires')!)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(Math.abs(Date.parse(h.get('expires')!) - Date.parse(s.get('expires')!))).toBeLessThanOrEqual(2000);
  });

  it('is set at sign-in, and nothing changes on the signed-in requests after it', async () => {
    const { email, password } = await signedUp();
    const login = await request(t.http).post('/api/login').send({ email, password }).expect(200);
    const cookies = setCookies(login);
    expect(cookies.has(SESSION_COOKIE)).toBe(true);
    expect(pairOf(cookies.get(SIGNED_IN_HINT_COOKIE)!)).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
    const jar = `${pairOf(cookies.get(SESSION_COOKIE)!)}; ${pairOf(cookies.get(SIGNED_IN_HINT_COOKIE)!)}`;
    for (const p of ['/api/user', '/api/user/credits', '/api/user', '/api/site-config']) {
      const res = await request(t.http).get(p).set('Cookie', jar).expect(200);
      expect([p, res.headers['set-cookie']]).toEqual([p, undefined]);
    }
  });

  it('is cleared with the session cookie at sign-out', async () => {
    const { session, hint } = await signedUp();
    const res = await request(t.http).post('/api/logout').set('Cookie', `${session}; ${hint}`).expect(200);
    const cookies = setCookies(res);
    expect(clears(cookies.get(SESSION_COOKIE))).toBe(true);
    expect(clears(cookies.get(SIGNED_IN_HINT_COOKIE))).toBe(true);
  });

  it('is cleared with the session cookie when the account is deleted', async () => {
    const { email, session, hint } = await signedUp();
    const res = await request(t.http).post('/api/user/delete-account').set('Cookie', `${session}; ${hint}`).send({ confirmEmail: email }).expect(200);
    expect(clears(setCookies(res).get(SIGNED_IN_HINT_COOKIE))).toBe(true);
  });

  it('is cleared, with the session cookie, by the 401 of a session that is no longer good; GET /api/user still answers 401', async () => {
    const ended = await signedUp();
    // Ended behind the browser's back (expired, another tab signed out, suspended: D21).
    await sql(t, `DELETE FROM "session"`);
    const forged = `${SESSION_COOKIE}=s%3Aforged.bad`;
    for (const [what, cookie, p] of [
      ['an ended session', ended.session, '/api/user'],
      ['an ended session', ended.session, '/api/user/credits'],
      ['a forged cookie', forged, '/api/user'],
    ] as const) {
      const res = await request(t.http).get(p).set('Cookie', `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1`);
      const cookies = setCookies(res);
      expect([what, p, res.status, res.body.code, clears(cookies.get(SESSION_COOKIE)), clears(cookies.get(SIGNED_IN_HINT_COOKIE))]).toEqual([
        what,
        p,
        401,
        'AUTH.REQUIRED',
        true,
        true,
      ]);
    }
  });

  it('is never set or cleared by an answer that is not a 401 and changes no session: those may sit in shared caches', async () => {
    const { session } = await signedUp();
    for (const cookie of [`${SESSION_COOKIE}=s%3Aforged.bad`, `${SIGNED_IN_HINT_COOKIE}=1`, session, `${SESSION_COOKIE}=s%3Aforged.bad; ${SIGNED_IN_HINT_COOKIE}=1`]) {
      for (const p of ['/api/site-config', '/api/generation/capabilities', '/api/billing/catalogue']) {
        const res = await request(t.http).get(p).set('Cookie', cookie).expect(200);
        expect([cookie, p, res.headers['set-cookie']]).toEqual([cookie, p, undefined]);
      }
    }
  });

  it('is not touched for a visitor without cookies: GET /api/user answers 401 as the spec says', async () => {
    const res = await request(t.http).get('/api/user').expect(401);
    expect(res.body.code).toBe('AUTH.REQUIRED');
    expect(res.headers['set-cookie']).toBeUndefined();
    const page = await request(t.http).get('/pricing').set('Accept', 'text/html').expect(200);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('is cleared when it comes without a session cookie, by a page and by the 401 of GET /api/user', async () => {
    const page = await request(t.http).get('/').set('Accept', 'text/html').set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`).expect(200);
    expect(clears(setCookies(page).get(SIGNED_IN_HINT_COOKIE))).toBe(true);
    expect(setCookies(page).has(SESSION_COOKIE)).toBe(false);
    const api = await request(t.http).get('/api/user').set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`).expect(401);
    expect(clears(setCookies(api).get(SIGNED_IN_HINT_COOKIE))).toBe(true);
    expect(setCookies(api).has(SESSION_COOKIE)).toBe(false);
  });

  it('is given by the pages (any of them) to a session made before it existed', async () => {
    const { session } = await signedUp();
    for (const p of ['/', '/dashboard', '/no-such-page', '/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11']) {
      const page = await request(t.http).get(p).set('Accept', 'text/html').set('Cookie', session);
      expect([p, pairOf(setCookies(page).get(SIGNED_IN_HINT_COOKIE) ?? '')]).toEqual([p, `${SIGNED_IN_HINT_COOKIE}=1`]);
      expect(setCookies(page).has(SESSION_COOKIE)).toBe(false); // a page never touches the session cookie
    }
    // A page with both cookies sets nothing; nor do the files.
    const both = await request(t.http).get('/').set('Accept', 'text/html').set('Cookie', `${session}; ${SIGNED_IN_HINT_COOKIE}=1`).expect(200);
    expect(both.headers['set-cookie']).toBeUndefined();
  });

  it('is left alone when a request is refused before its session is read (a cross-site POST)', async () => {
    const { session, hint } = await signedUp();
    const res = await request(t.http).post('/api/logout').set('Origin', 'https://evil.example').set('Cookie', `${session}; ${hint}`).expect(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The session still works.
    await request(t.http).get('/api/user').set('Cookie', `${session}; ${hint}`).expect(200);
  });
});
