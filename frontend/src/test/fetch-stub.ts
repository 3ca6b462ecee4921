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
 */
export function stubApi(routes: ApiRoutes = {}) {
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

/** An answer that arrives only when the test says so. */
export function heldAnswer() {
  let release: (response: Response) => void = () => undefined;
  const handler: RouteHandler = () =>
    new Promise<Response>((resolve) => {
      release = resolve;
    });
  return { handler, release: (response: Response) => release(response) };
}
