import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { makeStore } from '../app/store';

/**
 * Renders the real app (routes, layouts, store, toaster) at `path`, with a fresh store.
 * `strict` wraps it in React StrictMode as main.tsx does (effects run twice on mount).
 */
export function renderRoute(path: string, { strict = false }: { strict?: boolean } = {}) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, store, router };
}
