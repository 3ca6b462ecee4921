import { CLIENT_ROUTES, isClientRoute } from '@page-meta/client-routes';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every path of the route table, depth first; the catch-all `*` is the not-found page. */
function pathsOf(table: RouteObject[]): string[] {
  return table.flatMap((route) => [...(route.path && route.path !== '*' ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

/**
 * Issue 24: the server answers 200 for exactly the paths of the shared list CLIENT_ROUTES and 404
 * for any other (the app shows its not-found page there), so the route table and the list must
 * name the same paths: a route added here and not there would answer 404 on a reload.
 */
describe('the route table and the shared client routes', () => {
  it('name the same paths, each once', () => {
    const paths = pathsOf(routes);
    expect(paths.length).toBeGreaterThan(20);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...CLIENT_ROUTES].sort());
  });

  it('agree that every path of the table is a route, with any value in its parameters', () => {
    for (const path of pathsOf(routes)) expect([path, isClientRoute(path.replace(/:\w+/g, 'some-value'))]).toEqual([path, true]);
  });
});
