import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Client } from 'pg';
import request from 'supertest';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { createTestApp, TestApp } from '../support/test-app';

/** Test-only probe of the session plumbing every later feature (sign-in) builds on. */
@Controller('test-session')
class SessionProbeController {
  @Post()
  remember(@Req() req: Request, @Body() body: { note?: string }): { stored: boolean } {
    (req.session as unknown as { note?: string }).note = String(body.note);
    return { stored: true };
  }

  @Get()
  recall(@Req() req: Request): { hasSession: boolean; note: string | null } {
    const s = req.session as unknown as { note?: string } | undefined;
    return { hasSession: s !== undefined, note: s?.note ?? null };
  }
}

describe('server-side sessions (D18)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ controllers: [SessionProbeController] });
  });
  afterAll(() => t.close());

  it('keep session data in the session table behind an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await request(t.http).post('/api/test-session').send({ note: 'hello' }).expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http locally

    const recalled = await request(t.http).get('/api/test-session').set('Cookie', cookie!.split(';')[0]).expect(200);
    expect(recalled.body).toEqual({ hasSession: true, note: 'hello' });

    const db = new Client({ connectionString: t.db.url });
    await db.connect();
    const rows = (await db.query(`SELECT sess, expire FROM "session"`)).rows;
    await db.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].sess.note).toBe('hello');
    expect(new Date(rows[0].expire).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('leave anonymous GETs without a session, so they neither read nor write the table', async () => {
    const res = await request(t.http).get('/api/test-session').expect(200);
    expect(res.body).toEqual({ hasSession: false, note: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('do not accept a forged cookie', async () => {
    const res = await request(t.http).get('/api/test-session').set('Cookie', `${SESSION_COOKIE}=s%3Aforged.bad`).expect(200);
    expect(res.body.note).toBeNull();
  });
});

describe('sessions behind an https proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      controllers: [SessionProbeController],
      env: { PUBLIC_URL: 'https://magic.example', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => t.close());

  it('mark the cookie Secure when the public URL is https', async () => {
    const res = await request(t.http)
      .post('/api/test-session')
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', 'https://magic.example')
      .send({ note: 'x' })
      .expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; Secure/);
  });
});
