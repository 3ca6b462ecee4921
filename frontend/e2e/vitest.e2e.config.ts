import { defineConfig } from 'vitest/config';

/**
 * Browser tier: Vitest drives playwright-core in Debian's Chromium against the real built app
 * (backend/dist serving frontend/dist), started fresh on a free port with a fresh database.
 * `npm run build` must have run first (npm test does it).
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
