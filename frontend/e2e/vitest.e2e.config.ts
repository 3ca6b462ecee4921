import { defineConfig } from 'vitest/config';

/**
 * Browser tier: Vitest drives playwright-core in Debian's Chromium against the real built app
 * (backend/dist serving frontend/dist), started fresh on a free port with a fresh database, once
 * per project (its globalSetup). `npm run build` must have run first (npm test does it).
 */
const SERVER = ['e2e/support/global-setup.ts'];
const ALONE = ['e2e/community.e2e.ts'];
const MODEL_CHAIN = ['e2e/model-chain.e2e.ts'];
// D43: a takedown blocks the photo every other file edits; its file gets a server of its own.
const REPORTS = ['e2e/reports.e2e.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // One file at a time left the machine half idle while a test waited for the page, the server or
    // the local engine (335 s on 2 idle cores; three side by side: 215 s). Every test makes its own
    // accounts and images, so files share a server; only what is the whole site's is kept apart.
    fileParallelism: true,
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'shared', globalSetup: SERVER, include: ['e2e/**/*.e2e.ts'], exclude: [...ALONE, ...MODEL_CHAIN, ...REPORTS] } },
      // The community feed's newest card and the Hall of Fame's ranks are the whole site's: that
      // file gets a server and a database of its own (this project's own globalSetup).
      { extends: true, test: { name: 'community', globalSetup: SERVER, include: ALONE } },
      // D41: an app that edits through the model chain (a fake Replicate), the admin reordering it.
      { extends: true, test: { name: 'model-chain', globalSetup: SERVER, include: MODEL_CHAIN } },
      { extends: true, test: { name: 'reports', globalSetup: SERVER, include: REPORTS } },
    ],
  },
});
