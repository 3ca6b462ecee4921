import { FeedCache } from './feed-cache';

const body = (c: { body: Buffer }) => JSON.parse(c.body.toString()) as unknown;

describe('FeedCache', () => {
  it('keeps an answer until its time-to-live passes', async () => {
    let now = 1000;
    const cache = new FeedCache(5000, 10, () => now);
    let loads = 0;
    const load = async () => [++loads];
    expect(body(await cache.get('k', load))).toEqual([1]);
    now += 4999;
    expect(body(await cache.get('k', load))).toEqual([1]);
    now += 1;
    expect(cache.peek('k')).toBeUndefined();
    expect(body(await cache.get('k', load))).toEqual([2]);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new FeedCache(5000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return ['x'];
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not keep a load that an invalidation overtook, and the next read loads again', async () => {
    const cache = new FeedCache(5000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = cache.get('k', async () => {
      await gate;
      return ['old'];
    });
    cache.invalidate();
    const fresh = cache.get('k', async () => ['new']);
    release();
    expect(body(await stale)).toEqual(['old']);
    expect(body(await fresh)).toEqual(['new']);
    expect(body(cache.peek('k')!)).toEqual(['new']);
  });

  it('keeps nothing while disabled or with a zero time-to-live', async () => {
    const off = new FeedCache(5000);
    off.enabled = false;
    await off.get('k', async () => [1]);
    expect(off.size).toBe(0);
    const zero = new FeedCache(0);
    await zero.get('k', async () => [1]);
    expect(zero.size).toBe(0);
  });

  it('evicts the oldest entry past its size bound', async () => {
    const cache = new FeedCache(5000, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('does not cache a failed load', async () => {
    const cache = new FeedCache(5000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(body(await cache.get('k', async () => ['ok']))).toEqual(['ok']);
  });
});
