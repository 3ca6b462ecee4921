import request from 'supertest';
import { LOCAL_ENGINE_CAPABILITIES } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { type ActiveEngine, ENGINE_CAPABILITIES } from '../../src/modules/generation/application/engine-capabilities.port';
import { PROMPT_SUGGESTIONS } from '../../src/modules/generation/domain/shared-with-client/prompt-suggestions';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { createGenerationApp, sql, type Agent, type TestUser } from '../generation/generation-helpers';
import { signUpBody } from '../identity/identity-helpers';
import type { TestApp } from '../support/test-app';
import { newUser } from '../support/fixtures';

/**
 * Issue 15's GET /api/generation/capabilities as each actor. The endpoint is public by design (the
 * controller has no guard; the landing page asks it signed out): every actor, signed out, signed
 * in, verified or not, another user, a suspended user (whose session stopped at once, D21) and an
 * admin, gets the very same answer, status, body and cache headers, and the call changes nothing
 * (no session made, ended or touched into a Set-Cookie). Then bad input: unknown query
 * parameters, garbage and forged cookies, and the other methods.
 */
const ADMIN_EMAIL = 'issue15-capabilities-boss@example.com';
const PATH = '/api/generation/capabilities';
/** The two chips the local engine leaves to the AI model (000 §2 names both). */
const NEEDS_THE_AI_MODEL = ['put the girl in a black dress', 'remove the person on the left'];
/** 000 §2, step 3: the chips the spec names, word for word. */
const SPEC_CHIPS = [
  'change the background to a beach at sunset',
  'put the girl in a black dress',
  'remove the person on the left',
  'add snow falling',
  'make the lighting more dramatic',
];
/** Headers that must be the same on every actor's answer (the rest, such as the date and request id, differ per request). */
const SHARED_HEADERS = ['cache-control', 'content-type', 'etag', 'vary', 'content-encoding'] as const;

interface Actor {
  name: string;
  agent: Agent | ReturnType<typeof request>;
}

describe('GET /api/generation/capabilities as each actor (issue 15)', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let suspended: TestUser;
  let unverified: Agent;

  beforeAll(async () => {
    t = await createGenerationApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    // The suspended actor's session was open before the suspension; it stops at once (D21).
    [user, other, admin, suspended, { agent: unverified }] = await Promise.all([
      newUser(t),
      newUser(t),
      newUser(t, { admin: true }),
      newUser(t, { suspended: true }),
      newUser(t, { verified: false }),
    ]);
    expect((await admin.agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);
    expect((await unverified.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    await suspended.agent.get('/api/user').expect(401);
  });
  afterAll(async () => {
    await t?.close();
  });

  const anonymous = () => request(t.http);
  const everyone = (): Actor[] => [
    { name: 'anonymous', agent: anonymous() },
    { name: 'verified user', agent: user.agent },
    { name: 'unverified user', agent: unverified },
    { name: 'another user', agent: other.agent },
    { name: 'suspended user', agent: suspended.agent },
    { name: 'admin', agent: admin.agent },
  ];

  /** The local engine's answer (no Replicate token in tests), built from the spec's chips and the engine's list. */
  const expectedBody = () => ({
    engine: 'local',
    suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: !NEEDS_THE_AI_MODEL.includes(prompt) })),
    capabilities: LOCAL_ENGINE_CAPABILITIES.map(({ name, example }) => ({ name, example })),
  });

  /**
   * Everything a read could have changed: the accounts, the sessions (made, ended or rewritten; a
   * session's throttled expiry touch, ADR 0021, is not a change of it), the ledger, the images.
   */
  async function everything() {
    const [users, sessions, ledger, images] = await Promise.all([
      sql(t, `SELECT id, email, is_suspended, email_verified, deletion_requested_at FROM "user" ORDER BY id`),
      sql(t, `SELECT sid, sess FROM "session" ORDER BY sid`),
      sql(t, `SELECT id FROM credit_transaction ORDER BY id`),
      sql(t, `SELECT id FROM image ORDER BY id`),
    ]);
    return { users, sessions, ledger, images };
  }

  const shared = (res: request.Response) => Object.fromEntries(SHARED_HEADERS.map((h) => [h, res.headers[h]]));

  it('gives every actor the same 200 answer: the local engine, the 12 chips in the spec order, and its list; no session needed, none made or ended', async () => {
    const before = await everything();
    const reference = await anonymous().get(PATH);
    expect(reference.status).toBe(200);
    expect(reference.body).toEqual(expectedBody());
    for (const { name, agent } of everyone()) {
      const res = await agent.get(PATH);
      expect([name, res.status, res.body, shared(res), res.headers['set-cookie']]).toEqual([name, 200, reference.body, shared(reference), undefined]);
    }
    expect(await everything()).toEqual(before);
    // The signed-in actors are still signed in; the suspended one is still refused.
    for (const actor of [user, other, admin]) await actor.agent.get('/api/user').expect(200);
    await suspended.agent.get('/api/user').expect(401);
  });

  it('works the answer out once, not per request: after the first, no actor\'s call makes the engine read the chips again', async () => {
    await anonymous().get(PATH).expect(200);
    const canDo = jest.spyOn(await t.app.get<ActiveEngine>(ENGINE_CAPABILITIES).current(), 'canDo');
    try {
      for (const { name, agent } of everyone()) expect([name, (await agent.get(PATH)).status]).toEqual([name, 200]);
      expect(canDo).not.toHaveBeenCalled();
    } finally {
      canDo.mockRestore();
    }
  });

  it('lists the 12 chips of 000 §2 and §9, the five the spec names among them word for word', async () => {
    const res = await anonymous().get(PATH).expect(200);
    const prompts = (res.body.suggestions as Array<{ prompt: string }>).map((s) => s.prompt);
    expect(prompts).toHaveLength(12);
    expect(new Set(prompts).size).toBe(12);
    expect(prompts.slice(0, SPEC_CHIPS.length)).toEqual(SPEC_CHIPS);
  });

  it('sends public cache headers the same for everyone: public, max-age=300, a validator, a JSON type, no cookie', async () => {
    for (const { name, agent } of everyone()) {
      const res = await agent.get(PATH).set('Accept-Encoding', 'identity');
      expect([name, res.headers['cache-control'], res.headers['content-type'], res.headers['vary'], res.headers['set-cookie']]).toEqual([
        name,
        'public, max-age=300',
        'application/json; charset=utf-8',
        'Accept-Encoding',
        undefined,
      ]);
      expect([name, typeof res.headers.etag]).toEqual([name, 'string']);
    }
  });

  it('answers a matching If-None-Match with 304 and no body, to every actor', async () => {
    const { etag } = (await anonymous().get(PATH).expect(200)).headers;
    for (const { name, agent } of everyone()) {
      const res = await agent.get(PATH).set('If-None-Match', etag);
      expect([name, res.status, res.text ?? '', res.headers['cache-control'], res.headers.etag]).toEqual([name, 304, '', 'public, max-age=300', etag]);
    }
    // A stale validator gets the whole answer again.
    const fresh = await anonymous().get(PATH).set('If-None-Match', 'W/"stale"');
    expect([fresh.status, fresh.body]).toEqual([200, expectedBody()]);
  });

  it.each<[what: string, query: string]>([
    ['another engine asked for', '?engine=replicate'],
    ['the cartoon style asked for', '?style=cartoon'],
    ['several unknown parameters', '?debug=1&admin=true&userId=00000000-0000-0000-0000-000000000000'],
    ['a nested parameter', '?x[y][z]=1'],
    ['a repeated parameter', '?engine=local&engine=replicate'],
    ['SQL-ish text', `?q=${encodeURIComponent("' OR '1'='1")}`],
    ['a long value', `?q=${'a'.repeat(4000)}`],
  ])('ignores %s: the same 200 answer', async (_what, query) => {
    for (const { name, agent } of [
      { name: 'anonymous', agent: anonymous() },
      { name: 'verified user', agent: user.agent },
    ]) {
      const res = await agent.get(`${PATH}${query}`);
      expect([name, res.status, res.body, res.headers['cache-control']]).toEqual([name, 200, expectedBody(), 'public, max-age=300']);
    }
  });

  it('refuses a NUL character in the query with 400 HTTP.NUL_CHARACTER, as every /api path does, and no public cache header', async () => {
    const res = await anonymous().get(`${PATH}?q=a%00b`);
    expect([res.status, res.body, res.headers['cache-control']]).toEqual([
      400,
      {
        message: 'The request must not contain the NUL character (\\u0000).',
        error: 'The request must not contain the NUL character (\\u0000).',
        code: 'HTTP.NUL_CHARACTER',
      },
      undefined,
    ]);
  });

  it.each<[what: string, cookie: string]>([
    ['a garbage session cookie', `${SESSION_COOKIE}=garbage`],
    ['a forged signed session cookie', `${SESSION_COOKIE}=s%3Aforged.bad`],
    ['a real session id with a wrong signature', '<tampered>'],
    ['an empty session cookie', `${SESSION_COOKIE}=`],
    ['a cookie of another name', 'connect.sid=s%3Aforged.bad; other=1'],
    ['a huge cookie', `${SESSION_COOKIE}=${'x'.repeat(6000)}`],
  ])('answers %s like anyone else: the same 200 answer, no cookie set, nothing changed', async (_what, cookie) => {
    let header = cookie;
    if (cookie === '<tampered>') {
      // A fresh account's own session cookie (it works), its signature then altered.
      const signUp = await anonymous().post('/api/register').send(signUpBody()).expect(201);
      const own = (signUp.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      await anonymous().get('/api/user').set('Cookie', own).expect(200);
      header = `${own.slice(0, -3)}${own.endsWith('abc') ? 'xyz' : 'abc'}`;
      await anonymous().get('/api/user').set('Cookie', header).expect(401);
    }
    const before = await everything();
    const res = await anonymous().get(PATH).set('Cookie', header);
    expect([res.status, res.body, res.headers['cache-control'], res.headers['set-cookie']]).toEqual([200, expectedBody(), 'public, max-age=300', undefined]);
    expect(await everything()).toEqual(before);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const get = await anonymous().get(PATH).set('Accept-Encoding', 'identity').expect(200);
    const head = await anonymous().head(PATH).set('Accept-Encoding', 'identity');
    expect([head.status, head.text ?? '', head.headers['cache-control'], head.headers['content-type'], head.headers.etag, head.headers['content-length']]).toEqual([
      200,
      '',
      'public, max-age=300',
      'application/json; charset=utf-8',
      get.headers.etag,
      get.headers['content-length'],
    ]);
  });

  it.each(['post', 'put', 'patch', 'delete', 'options'] as const)('answers %s with the API 404 (no such endpoint), not cacheable, for every actor, changing nothing', async (method) => {
    const before = await everything();
    for (const { name, agent } of everyone()) {
      const res = await agent[method](PATH).set('Origin', t.config.publicUrl.origin).send(method === 'options' ? undefined : { engine: 'replicate' });
      expect([name, res.status, res.body, res.headers['cache-control']]).toEqual([
        name,
        404,
        { message: `No API endpoint ${method.toUpperCase()} ${PATH}`, error: 'Not found', code: 'HTTP.NOT_FOUND' },
        undefined,
      ]);
    }
    expect(await everything()).toEqual(before);
  });

  it('answers a POST from another site 403 HTTP.CROSS_SITE before the router (D18)', async () => {
    const res = await user.agent.post(PATH).set('Origin', 'https://evil.example').send({});
    expect([res.status, res.body.code]).toEqual([403, 'HTTP.CROSS_SITE']);
  });

  it('answers a path below it with the API 404', async () => {
    const res = await anonymous().get(`${PATH}/extra`);
    expect([res.status, res.body]).toEqual([404, { message: `No API endpoint GET ${PATH}/extra`, error: 'Not found', code: 'HTTP.NOT_FOUND' }]);
  });
});
