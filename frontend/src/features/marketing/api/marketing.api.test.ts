import { describe, expect, it } from 'vitest';
import { toSiteConfig, toVideoUrl } from './marketing.api';

describe('site configuration (GET /api/site-config)', () => {
  it.each([
    ['/media/demo.mp4', '/media/demo.mp4'],
    ['https://cdn.example.com/demo.mp4', 'https://cdn.example.com/demo.mp4'],
    ['  /media/demo.webm  ', '/media/demo.webm'],
  ])('plays %s', (value, expected) => {
    expect(toVideoUrl(value)).toBe(expected);
  });

  it.each([null, undefined, 42, '', '   ', 'http://cdn.example.com/demo.mp4', 'javascript:alert(1)', 'data:video/mp4;base64,AAAA', '//evil.example/demo.mp4', '/\\evil.example/demo.mp4', 'demo.mp4'])(
    'treats %j as no video',
    (value) => {
      expect(toVideoUrl(value)).toBeNull();
    },
  );

  it('reads a missing or malformed body as no video', () => {
    expect(toSiteConfig(null)).toEqual({ demoVideoUrl: null });
    expect(toSiteConfig('oops')).toEqual({ demoVideoUrl: null });
    expect(toSiteConfig({ demoVideoUrl: '/media/demo.mp4', other: true })).toEqual({ demoVideoUrl: '/media/demo.mp4' });
  });
});
