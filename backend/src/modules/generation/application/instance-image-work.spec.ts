import { loadConfig } from '../../../config/app-config';
import { InstanceImageWork } from './instance-image-work';

/** Issue 29: the instance's turns for CPU-heavy image work. */
describe('InstanceImageWork', () => {
  const work = (concurrency: number) => new InstanceImageWork(loadConfig({ NODE_ENV: 'test', GENERATION_IMAGE_WORK_CONCURRENCY: String(concurrency) }));
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  it('defaults to one turn', () => {
    expect(new InstanceImageWork(loadConfig({ NODE_ENV: 'test' })).concurrency).toBe(1);
  });

  it.each([1, 2])('runs at most %i steps at once; the others wait and start in arrival order', async (concurrency) => {
    const turns = work(concurrency);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let maxRunning = 0;
    const steps = gates.map((g, i) =>
      turns.run(async () => {
        started.push(i);
        maxRunning = Math.max(maxRunning, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1].slice(0, concurrency));
    expect(turns.load).toEqual({ running: concurrency, waiting: 4 - concurrency });
    for (const g of [...gates].reverse()) g.open(); // the waiting ones still start in arrival order
    expect(await Promise.all(steps)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(maxRunning).toBe(concurrency);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the turn back when a step fails, and the failure reaches its caller', async () => {
    const turns = work(1);
    const failing = turns.run(async () => {
      throw new Error('decode failed');
    });
    const next = turns.run(async () => 'ran');
    await expect(failing).rejects.toThrow('decode failed');
    await expect(next).resolves.toBe('ran');
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a step out of the line when its signal fires while it waits; one aborted before asking never runs', async () => {
    const turns = work(1);
    const g = gate();
    const first = turns.run(() => g.opened);
    const controller = new AbortController();
    let ran = false;
    const dropped = turns.run(async () => void (ran = true), controller.signal);
    const third = turns.run(async () => 'third');
    expect(turns.load).toEqual({ running: 1, waiting: 2 });
    controller.abort(new Error('client gone'));
    await expect(dropped).rejects.toThrow('client gone');
    expect(turns.load).toEqual({ running: 1, waiting: 1 });
    await expect(turns.run(async () => 'never', AbortSignal.abort(new Error('already gone')))).rejects.toThrow('already gone');
    g.open();
    await first;
    await expect(third).resolves.toBe('third');
    expect(ran).toBe(false);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets finishing steps go before waiting checks and edits, in arrival order among themselves (ADR 0038)', async () => {
    const turns = work(1);
    const g = gate();
    const order: string[] = [];
    const step = (name: string) => async () => void order.push(name);
    const running = turns.run(() => g.opened);
    const aborted = new AbortController();
    const all = [
      turns.run(step('edit A')),
      turns.finish(step('output 1')),
      turns.run(step('edit B')),
      turns.finish(step('output 2')),
    ];
    const dropped = turns.finish(step('output gone'), aborted.signal);
    expect(turns.load).toEqual({ running: 1, waiting: 5 });
    aborted.abort(new Error('client gone'));
    await expect(dropped).rejects.toThrow('client gone');
    g.open();
    await running;
    await Promise.all(all);
    expect(order).toEqual(['output 1', 'output 2', 'edit A', 'edit B']);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });
});
