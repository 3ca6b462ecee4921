import { describe, expect, it } from 'vitest';
import { toSiteConfig, toSupportEmail, toVideoUrl } from './marketing.api';

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

  it('reads a missing or malformed body as no video and no support address', () => {
    expect(toSiteConfig(null)).toEqual({ demoVideoUrl: null, supportEmail: null });
    expect(toSiteConfig('oops')).toEqual({ demoVideoUrl: null, supportEmail: null });
    expect(toSiteConfig({ demoVideoUrl: '/media/demo.mp4', other: true })).toEqual({
      demoVideoUrl: '/media/demo.mp4',
      supportEmail: null,
    });
  });

  it('reads the support address (SUPPORT_EMAIL) on its own, so a broken field loses nothing else', () => {
    expect(toSiteConfig({ demoVideoUrl: null, supportEmail: ' help@magic-editor.example ' })).toEqual({
      demoVideoUrl: null,
      supportEmail: 'help@magic-editor.example',
    });
    expect(toSiteConfig({ demoVideoUrl: '/media/demo.mp4', supportEmail: 42 })).toEqual({
      demoVideoUrl: '/media/demo.mp4',
      supportEmail: null,
    });
  });

  it.each([null, 42, '', 'not an address', 'a b@example.com', 'help@localhost'])('treats %j as no support address', (value) => {
    expect(toSupportEmail(value)).toBeNull();
  });
});
