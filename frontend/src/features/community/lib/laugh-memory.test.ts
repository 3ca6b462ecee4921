import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAUGH_MEMORY_MS, createLaughMemory } from './laugh-memory';

afterEach(() => {
  vi.useRealTimers();
});

describe('laugh memory (000 §4: remembered in memory for 30 seconds)', () => {
  it('knows nothing about an image it was never told about', () => {
    expect(createLaughMemory().get('img-1')).toBeUndefined();
  });

  it('remembers laughed and not laughed per image', () => {
    const memory = createLaughMemory();

    memory.remember('img-1', true);
    memory.remember('img-2', false);

    expect(memory.get('img-1')).toBe(true);
    expect(memory.get('img-2')).toBe(false);
    expect(memory.get('img-3')).toBeUndefined();
  });

  it('forgets a state 30 seconds after it was remembered', () => {
    vi.useFakeTimers();
    const memory = createLaughMemory();
    memory.remember('img-1', true);

    vi.advanceTimersByTime(LAUGH_MEMORY_MS - 1);
    expect(memory.get('img-1')).toBe(true);

    vi.advanceTimersByTime(1);
    expect(memory.get('img-1')).toBeUndefined();
    expect(LAUGH_MEMORY_MS).toBe(30_000);
  });

  it('starts the 30 seconds again when the state changes', () => {
    let now = 0;
    const memory = createLaughMemory(LAUGH_MEMORY_MS, () => now);
    memory.remember('img-1', true);

    now = 20_000;
    memory.remember('img-1', false);
    now = 45_000;

    expect(memory.get('img-1')).toBe(false);
    now = 50_000;
    expect(memory.get('img-1')).toBeUndefined();
  });

  it('forgets one image, or all of them, on request', () => {
    const memory = createLaughMemory();
    memory.remember('img-1', true);
    memory.remember('img-2', true);

    memory.forget('img-1');
    expect(memory.get('img-1')).toBeUndefined();
    expect(memory.get('img-2')).toBe(true);

    memory.clear();
    expect(memory.get('img-2')).toBeUndefined();
  });
});
