import type { LaughToggle } from '../adapters/typeorm/typeorm-community.repository';
import { takeBatch } from './laugh-write-batcher';

const IMAGE_A = '00000000-0000-4000-8000-00000000000a';
const IMAGE_B = '00000000-0000-4000-8000-00000000000b';

function laugh(name: string, imageId: string, userIdentifier: string, ip: string, action: 'add' | 'remove' = 'add') {
  const toggle: LaughToggle = { action, imageId, laugher: { userIdentifier, asUser: null }, ip };
  return { name, toggle };
}

const names = (items: Array<{ name: string }>) => items.map((i) => i.name);

describe('takeBatch (ADR 0037)', () => {
  it('takes laughs in order, up to the maximum, and leaves the rest queued in order', () => {
    const queue = Array.from({ length: 5 }, (_, i) => laugh(`l${i}`, IMAGE_A, `b${i}`, `10.0.0.${i}`));
    expect(names(takeBatch(queue, 3))).toEqual(['l0', 'l1', 'l2']);
    expect(names(queue)).toEqual(['l3', 'l4']);
    expect(names(takeBatch(queue, 3))).toEqual(['l3', 'l4']);
    expect(queue).toEqual([]);
  });

  it('never puts two laughs of one address in a batch (the counter row is upserted once per statement)', () => {
    const queue = [laugh('a1', IMAGE_A, 'b1', '10.0.0.1'), laugh('a2', IMAGE_B, 'b2', '10.0.0.1'), laugh('c', IMAGE_A, 'b3', '10.0.0.3')];
    expect(names(takeBatch(queue, 10))).toEqual(['a1', 'c']);
    expect(names(queue)).toEqual(['a2']);
  });

  it('never puts an add and a remove of one image and identifier in a batch, nor lets a later one overtake', () => {
    const queue = [
      laugh('add', IMAGE_A, 'b1', '10.0.0.1'),
      // Same address as the add: waits...
      laugh('other-image', IMAGE_B, 'b1', '10.0.0.1'),
      // ...so this one, from another address, must not run before the add it follows.
      laugh('remove', IMAGE_A, 'b1', '10.0.0.2', 'remove'),
      laugh('unrelated', IMAGE_B, 'b9', '10.0.0.9'),
    ];
    expect(names(takeBatch(queue, 10))).toEqual(['add', 'unrelated']);
    expect(names(queue)).toEqual(['other-image', 'remove']);
    expect(names(takeBatch(queue, 10))).toEqual(['other-image', 'remove']);
  });

  it('a laugh left behind by the maximum holds back later laughs of its address and image', () => {
    const queue = [laugh('first', IMAGE_A, 'b1', '10.0.0.1'), laugh('left', IMAGE_A, 'b2', '10.0.0.2'), laugh('same-address', IMAGE_B, 'b3', '10.0.0.2')];
    expect(names(takeBatch(queue, 1))).toEqual(['first']);
    expect(names(queue)).toEqual(['left', 'same-address']);
  });
});
