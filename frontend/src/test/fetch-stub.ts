import { SIGNED_IN_HINT_COOKIE } from '@page-meta/signed-in-hint';
import { vi } from 'vitest';

export type RouteHandler = (request: Request) => Response | Promise<Response>;

/** "METHOD /api/path" → handler. Unlisted calls answer a JSON 404, as the real server does. */
export type ApiRoutes = Record<string, RouteHandler>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export const signedOut: RouteHandler = () =>
  json({ message: 'Not authenticated', error: 'Unauthorized' }, { status: 401, statusText: 'Unauthorized' });

/**
 * Replaces global fetch with a stub that answers by method and path, and records every
 * request it receives. Restored after each test (unstubGlobals in vite.config.ts).
 *
 * A test that answers `GET /api/user` plays a browser that may hold a session: it gets the
 * signed-in hint cookie the server sets with the session cookie (issue 24), without which the
 * client does not ask (cleared after each test, src/test/setup.ts). One that leaves it out plays
 * an anonymous visitor, whose pages never ask.
 */
export function stubApi(routes: ApiRoutes = {}) {
  if (routes['GET /api/user']) setSignedInHint();
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`];
    if (handler) return handler(request);
    return json({ message: `Cannot ${request.method} ${pathname}`, error: 'Not Found' }, { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/**
 * An answer that arrives only when the test says so. Released before the request was made (the
 * page may show its loading state a tick before its fetch goes out, more so on a busy machine),
 * the next request gets it at once; before, that release was lost and the request waited forever.
 */
export function heldAnswer() {
  let waiting: ((response: Response) => void) | undefined;
  let early: Response | undefined;
  const handler: RouteHandler = () => {
    if (early) {
      const response = early;
      early = undefined;
      return Promise.resolve(response);
    }
    return new Promise<Response>((resolve) => {
      waiting = resolve;
    });
  };
  const release = (response: Response) => {
    if (!waiting) {
      early = response;
      return;
    }
    const resolve = waiting;
    waiting = undefined;
    resolve(response);
  };
  return { handler, release };
}

/** The signed-in hint cookie, as the server sets it with the session cookie (issue 24). */
export function setSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
}

/** No signed-in hint, as in a browser that never signed in or signed out. */
export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
