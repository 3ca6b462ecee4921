import { describe, expect, it } from 'vitest';
import { extractImageId } from './image-id';

const ID = '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8';

describe('the image id of the moderation form', () => {
  it('takes a bare id, or the id inside a pasted image address', () => {
    expect(extractImageId(` ${ID} `)).toBe(ID);
    expect(extractImageId(ID.toUpperCase())).toBe(ID);
    expect(extractImageId(`https://magic.example/api/images/${ID}`)).toBe(ID);
    expect(extractImageId(`/api/images/${ID}/renditions/generated-640-aaaaaaaaaaaaaaaa.webp`)).toBe(ID);
  });

  it('finds nothing without an id', () => {
    expect(extractImageId('')).toBeNull();
    expect(extractImageId('https://magic.example/leaderboard')).toBeNull();
    expect(extractImageId('1234')).toBeNull();
  });
});
