import { findUnsafeInput } from './safe-input.middleware';

describe('findUnsafeInput', () => {
  const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

  it('finds a NUL character in any string or key, however deep', () => {
    expect(findUnsafeInput('a\u0000')).toBe('nul');
    expect(findUnsafeInput({ prompt: 'add snow\u0000' })).toBe('nul');
    expect(findUnsafeInput({ a: [1, { b: ['ok', 'x\u0000y'] }] })).toBe('nul');
    expect(findUnsafeInput({ ['k\u0000']: 1 })).toBe('nul');
    expect(findUnsafeInput(Object.assign(Object.create(null) as object, { q: 'a\u0000' }))).toBe('nul');
  });

  it('passes ordinary input, including other control characters and escapes written out', () => {
    expect(findUnsafeInput({ prompt: 'line\nbreak\ttab \\u0000 literally', n: 1, ok: true, none: null })).toBeNull();
    expect(findUnsafeInput(undefined)).toBeNull();
    expect(findUnsafeInput({})).toBeNull();
  });

  it('allows nesting up to the limit and refuses one level more', () => {
    expect(findUnsafeInput(nested(32), 32)).toBeNull();
    expect(findUnsafeInput(nested(33), 32)).toBe('too_deep');
    expect(findUnsafeInput(nested(100_000))).toBe('too_deep');
  });

  it('leaves a raw body (Buffer) alone', () => {
    expect(findUnsafeInput(Buffer.from('a\u0000b'))).toBeNull();
  });
});
