import { describe, expect, it } from 'vitest';
import { IdempotencyKeys, newIdempotencyKey, outcomeUnknown } from './idempotency';

describe('Idempotency-Key per submission (D32)', () => {
  it('makes keys the server accepts (1-100 of [A-Za-z0-9_:.-])', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('reuses the key for the same submission while its outcome is unknown, and only then', () => {
    let n = 0;
    const keys = new IdempotencyKeys(() => `k${++n}`);

    expect(keys.keyFor('a')).toBe('k1');
    keys.settle('unknown');
    expect(keys.keyFor('a')).toBe('k1');
    expect(keys.keyFor('b')).toBe('k2');
    keys.settle('done');
    expect(keys.keyFor('b')).toBe('k3');
  });

  it('treats no answer and server errors as an unknown outcome', () => {
    expect(outcomeUnknown(0)).toBe(true);
    expect(outcomeUnknown(503)).toBe(true);
    expect(outcomeUnknown(409)).toBe(false);
    expect(outcomeUnknown(400)).toBe(false);
  });
});
