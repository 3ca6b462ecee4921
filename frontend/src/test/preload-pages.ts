import { beforeAll } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../app/router';

/**
 * Every page is loaded on demand (app/router.tsx). Loaded inside a test, a page's first import (its
 * transform included) counted against that test's findBy and waitFor, and on a busy machine the
 * admin page alone took longer than their 5 s (issue 25). The files that share a worker
 * (vite.config.ts) load every page once, here, before their first test; later files find them
 * loaded. Not for the isolated files: their vi.mock must see the modules loaded afresh.
 */
function lazyLoaders(list: RouteObject[]): Array<() => Promise<unknown>> {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy as () => Promise<unknown>] : []),
    ...lazyLoaders(route.children ?? []),
  ]);
}

// A load, not a test: it may take what a cold transform of every page takes on a loaded machine.
beforeAll(async () => {
  await Promise.all(lazyLoaders(routes).map((load) => load()));
}, 120_000);
