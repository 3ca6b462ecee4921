import { EventBus } from './event-bus';

describe('EventBus', () => {
  it('delivers an event to every subscriber of its type only, and stops after unsubscribe', async () => {
    const bus = new EventBus();
    const got: string[] = [];
    const off = bus.subscribe<{ type: 'a'; v: number }>('a', (e) => void got.push(`a${e.v}`));
    bus.subscribe<{ type: 'b' }>('b', () => void got.push('b'));
    await bus.publish({ type: 'a', v: 1 } as { type: 'a'; v: number });
    off();
    await bus.publish({ type: 'a', v: 2 } as { type: 'a'; v: number });
    expect(got).toEqual(['a1']);
  });

  it('keeps a failing handler from reaching the publisher or the other handlers', async () => {
    const bus = new EventBus();
    let delivered = false;
    bus.subscribe('x', () => {
      throw new Error('boom');
    });
    bus.subscribe('x', () => {
      delivered = true;
    });
    await expect(bus.publish({ type: 'x' })).resolves.toBeUndefined();
    expect(delivered).toBe(true);
  });
});
