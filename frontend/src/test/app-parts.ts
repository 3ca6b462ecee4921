/**
 * The app's own store, providers and layouts, for the tests of features and shared code. Those
 * may not import app/ (it composes them: .dependency-cruiser.cjs, features-and-shared-do-not-import-app);
 * test support may, as bulletproof-react's testing/test-utils does. Every test builds its own store.
 */
export { LandingLayout } from '../app/layouts/landing-layout';
export { RootLayout } from '../app/layouts/root-layout';
export { AppProviders } from '../app/providers';
export { makeStore } from '../app/store';
