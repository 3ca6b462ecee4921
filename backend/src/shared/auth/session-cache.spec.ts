import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CacheInvalidation, InvalidationSubscriber } from '../http/cache-invalidation';
import type { AuthUser } from './auth-user';
import { SessionCache } from './session-cache';

const TTL = 60_000;

function signed(sid: string, secret: string): string {
  return `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
}

function cacheWith(secrets: string[]): SessionCache {
  const cache = new SessionCache({ subscribe: () => undefined } as unknown as CacheInvalidation);
  cache.configure({ secrets, ttlMs: TTL, writeExpiry: async () => true });
  return cache;
}

const request = (cookie: string) => ({ headers: { cookie } });
// The very module SessionCache checks signatures with (express-session's own).
const signature = createRequire(require.resolve('express-session'))('cookie-signature') as { unsign: (value: string, secret: string) => string | false };

describe('SessionCache.sessionIdOf: express-session\'s signature rule, verdicts remembered', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the sid of a validly signed cookie, the same on every request, checking the signature once', () => {
    const cache = cacheWith(['secret-one']);
    const unsign = jest.spyOn(signature, 'unsign');
    const header = `theme=dark; magic.sid=${encodeURIComponent(signed('abc123', 'secret-one'))}`;
    expect(cache.sessionIdOf(request(header))).toBe('abc123');
    expect(cache.sessionIdOf(request(header))).toBe('abc123');
    expect(unsign).toHaveBeenCalledTimes(1);
  });

  it('refuses a forged or altered signature, also after the genuine cookie was seen', () => {
    const cache = cacheWith(['secret-one']);
    const genuine = signed('abc123', 'secret-one');
    expect(cache.sessionIdOf(request(`magic.sid=${encodeURIComponent(genuine)}`))).toBe('abc123');
    const altered = `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`;
    expect(cache.sessionIdOf(request(`magic.sid=${encodeURIComponent(altered)}`))).toBeUndefined();
    expect(cache.sessionIdOf(request(`magic.sid=${encodeURIComponent(signed('abc123', 'another-secret'))}`))).toBeUndefined();
    expect(cache.sessionIdOf(request(`magic.sid=${encodeURIComponent(signed('other', 'another-secret'))}`))).toBeUndefined();
    expect(cache.sessionIdOf(request('magic.sid=abc123'))).toBeUndefined();
  });

  it('accepts a cookie signed with any configured secret; a new configuration forgets what the old secrets accepted', () => {
    const cache = cacheWith(['new-secret', 'old-secret']);
    const header = `magic.sid=${encodeURIComponent(signed('s1', 'old-secret'))}`;
    expect(cache.sessionIdOf(request(header))).toBe('s1');
    cache.configure({ secrets: ['new-secret'], ttlMs: TTL, writeExpiry: async () => true });
    expect(cache.sessionIdOf(request(header))).toBeUndefined();
  });

  it('checks a very long header in full every time (it is not remembered), and still answers it', () => {
    const cache = cacheWith(['secret-one']);
    const unsign = jest.spyOn(signature, 'unsign');
    const header = `pad=${'x'.repeat(1000)}; magic.sid=${encodeURIComponent(signed('long1', 'secret-one'))}`;
    expect(cache.sessionIdOf(request(header))).toBe('long1');
    expect(cache.sessionIdOf(request(header))).toBe('long1');
    expect(unsign).toHaveBeenCalledTimes(2);
  });

  it('checks a forged cookie in full every time (nothing is remembered of it)', () => {
    const cache = cacheWith(['secret-one']);
    const unsign = jest.spyOn(signature, 'unsign');
    const header = `magic.sid=${encodeURIComponent(signed('abc123', 'not-the-secret'))}`;
    expect(cache.sessionIdOf(request(header))).toBeUndefined();
    expect(cache.sessionIdOf(request(header))).toBeUndefined();
    expect(unsign).toHaveBeenCalledTimes(2);
  });
});

describe('SessionCache.followStore: the store\'s touches and destroys (ADR 0021)', () => {
  /** A cache whose invalidation listener is up, so it keeps what it is given. */
  function listeningCache(): SessionCache {
    const invalidation = { subscribe: (_kind: string, s: InvalidationSubscriber) => s.reset(true) } as unknown as CacheInvalidation;
    const cache = new SessionCache(invalidation);
    cache.onModuleInit();
    cache.configure({ secrets: ['secret-one'], ttlMs: TTL, writeExpiry: async () => true });
    return cache;
  }

  function fakeStore() {
    const calls = { touch: 0, destroy: [] as string[] };
    const store = {
      touch: (_sid: string, _sess: unknown, callback?: (err?: unknown) => void) => {
        calls.touch++;
        callback?.();
      },
      destroy: (sid: string, callback?: (err?: unknown) => void) => {
        calls.destroy.push(sid);
        callback?.();
      },
    };
    return { store, calls };
  }

  it('writes a session\'s touch once per interval, and answers every touch', () => {
    const cache = listeningCache();
    const { store, calls } = fakeStore();
    cache.followStore(store as never);
    const answered = jest.fn();
    store.touch('s1', {}, answered);
    store.touch('s1', {}, answered);
    store.touch('s2', {}, answered);
    expect(calls.touch).toBe(2);
    expect(answered).toHaveBeenCalledTimes(3);
  });

  it('drops a destroyed session from the cache once the store destroyed it (no NOTIFY needed)', () => {
    const cache = listeningCache();
    const { store, calls } = fakeStore();
    cache.followStore(store as never);
    const user = { id: 'u1' } as AuthUser;
    const found = cache.lookup(request(`magic.sid=${encodeURIComponent(signed('s1', 'secret-one'))}`) as never);
    if (found.kind !== 'miss') throw new Error(`expected a miss, got ${found.kind}`);
    expect(cache.remember(found.token, 's1', user)).toBe(true);
    expect(cache.has('s1')).toBe(true);
    const answered = jest.fn();
    store.destroy('s1', answered);
    expect(calls.destroy).toEqual(['s1']);
    expect(answered).toHaveBeenCalledTimes(1);
    expect(cache.has('s1')).toBe(false);
  });
});
