import { KeyedQueue } from './keyed-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('KeyedQueue', () => {
  it('runs one piece of work at a time per key, in arrival order, and keys side by side', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const gate = deferred();
    const first = queue.run('a', async () => {
      order.push('a1 start');
      await gate.promise;
      order.push('a1 end');
      return 1;
    });
    const second = queue.run('a', () => {
      order.push('a2');
      return Promise.resolve(2);
    });
    const other = queue.run('b', () => {
      order.push('b1');
      return Promise.resolve(3);
    });
    expect(await other).toBe(3);
    expect(order).toEqual(['a1 start', 'b1']);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('goes on after a failure and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    await expect(queue.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('k', () => Promise.resolve('next'))).toBe('next');
    await new Promise((r) => setImmediate(r));
    expect(queue.activeKeys).toBe(0);
  });
});
