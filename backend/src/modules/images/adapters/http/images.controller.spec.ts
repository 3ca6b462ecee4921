import { matchesIfNoneMatch } from '../../../../shared/http/if-none-match';
import { imageEtag } from './images.controller';

describe('image ETags', () => {
  const id = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

  it('is a strong tag per image and file', () => {
    expect(imageEtag(id, 'generated')).toBe(`"${id}-g"`);
    expect(imageEtag(id, 'original')).toBe(`"${id}-o"`);
  });

  it('matches If-None-Match by weak comparison, in a list, or "*"', () => {
    const etag = imageEtag(id, 'generated');
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch(imageEtag(id, 'original'), etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
  });
});
