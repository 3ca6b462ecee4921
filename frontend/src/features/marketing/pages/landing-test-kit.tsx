/**
 * Shared set-up for the landing page tests: the API answers the page needs, a WebSocket that
 * never leaves the test, and a way to render the page with a stand-in live community card.
 *
 * app/routes/landing.tsx composes the community feature's live card into the page; that card
 * calls GET /api/community/recent, /has-laughed and opens /ws. These stubs keep those quiet, so
 * the tests hold whether or not the route passes the card.
 */
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders, LandingLayout, makeStore, RootLayout } from '../../../test/app-parts';
import { json, signedOut, stubApi, type ApiRoutes, type RouteHandler } from '../../../test/fetch-stub';
import { LandingPage } from './landing-page';
import { userBody } from '../../../test/contract-answers';

export const MEMBER = userBody({ id: '5', email: 'dana@example.com', username: 'dana' });

export const signedIn: RouteHandler = () => json(MEMBER);

/** A WebSocket that never connects and never closes by itself. */
class QuietWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

/** Stubs fetch (signed out and no demo video unless told otherwise) and the WebSocket. */
export function stubLanding(routes: ApiRoutes = {}) {
  vi.stubGlobal('WebSocket', QuietWebSocket);
  return stubApi({
    'GET /api/user': signedOut,
    'GET /api/site-config': () => json({ demoVideoUrl: null }),
    'GET /api/community/recent': () => json([]),
    'GET /api/leaderboard': () => json([]),
    ...routes,
  });
}

/** A fetch answer that arrives only when `resolve` is called. */
export function deferred(): { handler: RouteHandler; resolve: (response: Response) => void } {
  let resolve: (response: Response) => void = () => {};
  const answer = new Promise<Response>((done) => {
    resolve = done;
  });
  return { handler: () => answer, resolve };
}

/**
 * Renders the landing page in its real shell (root layout with the sign-up dialog host, landing
 * header, footer) with `liveCommunityCard` passed in, plus a /dashboard stand-in.
 */
export function renderLanding(liveCommunityCard: ReactNode, path = '/') {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { element: <LandingLayout />, children: [{ path: '/', element: <LandingPage liveCommunityCard={liveCommunityCard} /> }] },
          { path: '/dashboard', element: <h1>Dashboard stand-in</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}

export function findHero() {
  return screen.findByRole('heading', { level: 1, name: 'Edit any photo with one sentence' });
}

/** A section of the page by its heading (each section is a region named by its heading). */
export function region(name: string) {
  return screen.getByRole('region', { name });
}
