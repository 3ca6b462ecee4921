import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '../shared/ui/tokens.css';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { makeStore } from './store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const store = makeStore();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
