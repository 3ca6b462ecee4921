import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { makeStore } from '../app/store';

/** Renders the real app (routes, layouts, store, toaster) at `path`, with a fresh store. */
export function renderRoute(path: string) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
