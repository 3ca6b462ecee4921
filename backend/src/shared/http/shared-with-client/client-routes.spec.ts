import { CLIENT_ROUTES, isClientRoute } from './client-routes';
import { PAGE_META } from './page-meta';

describe('the client routes (issue 24)', () => {
  it('match every page of the page-meta table', () => {
    expect(Object.keys(PAGE_META).filter((p) => !isClientRoute(p))).toEqual([]);
  });

  it('match the patterns themselves, with any value in a dynamic segment', () => {
    for (const route of CLIENT_ROUTES) expect([route, isClientRoute(route.replace(/:\w+/g, 'abc-123'))]).toEqual([route, true]);
  });

  it('match as React Router does: any case, trailing slashes ignored, a parameter is one non-empty segment', () => {
    for (const path of ['/', '/Pricing', '/pricing/', '/TOOLS/youtube-to-article', '/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11', '/confirm-email/tok%2Fen', '/checkout/local/cs_1/']) {
      expect([path, isClientRoute(path)]).toEqual([path, true]);
    }
    for (const path of ['/nope', '/pricing/extra', '/share', '/share/', '/share/a/b', '/share//', '/tools', '/tools/unknown', '/checkout', '/checkout/local', '/admin/users', '//pricing', '/index']) {
      expect([path, isClientRoute(path)]).toEqual([path, false]);
    }
  });
});
