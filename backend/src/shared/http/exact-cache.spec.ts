import { ExactCache } from './exact-cache';

function cacheOf(max: number): ExactCache<string> {
  const cache = new ExactCache<string>(max);
  cache.clear(true);
  return cache;
}

function keys(cache: ExactCache<string>, candidates: string[]): string[] {
  return candidates.filter((k) => cache.get(k) !== undefined);
}

describe('ExactCache: bounded, least recently used out (second chance)', () => {
  it('never holds more than its bound; with no reads the oldest goes first', () => {
    const cache = cacheOf(3);
    for (const k of ['a', 'b', 'c', 'd', 'e']) expect(cache.put(cache.begin(), k, k)).toBe(true);
    expect(cache.size).toBe(3);
    expect(keys(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual(['c', 'd', 'e']);
  });

  it('keeps an entry read since the last eviction over one that was not', () => {
    const cache = cacheOf(3);
    for (const k of ['a', 'b', 'c']) cache.put(cache.begin(), k, k);
    cache.put(cache.begin(), 'd', 'd'); // every entry new: the oldest, a, goes; the rest lose their mark
    expect(cache.get('b')).toBe('b');
    cache.put(cache.begin(), 'e', 'e'); // b was read, c was not: c goes
    expect(cache.size).toBe(3);
    expect(keys(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual(['b', 'd', 'e']);
  });

  it('does not drop the entry it is putting when every older one was read', () => {
    const cache = cacheOf(2);
    cache.put(cache.begin(), 'a', 'a');
    cache.put(cache.begin(), 'b', 'b');
    cache.get('a');
    cache.get('b');
    cache.put(cache.begin(), 'c', 'c');
    expect(cache.get('c')).toBe('c');
    expect(cache.size).toBe(2);
  });

  it('still refuses a fill whose key was dropped after its token was taken', () => {
    const cache = cacheOf(3);
    const token = cache.begin();
    cache.drop('a');
    expect(cache.put(token, 'a', 'stale')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});
