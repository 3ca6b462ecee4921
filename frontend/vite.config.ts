/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Rules the server and the client must apply identically (the prompt filter of 000 §5, D13, and
// the editor's suggestion chips) live in one plain-TypeScript folder of the backend's generation
// domain; the client imports it as `@generation-rules/…`. The YouTube links the tools context
// accepts (D33) are shared the same way, as `@tools-rules/…`.
const generationRules = fileURLToPath(
  new URL('../backend/src/modules/generation/domain/shared-with-client', import.meta.url),
);
const toolsRules = fileURLToPath(new URL('../backend/src/modules/tools/domain/shared-with-client', import.meta.url));
const supportRules = fileURLToPath(new URL('../backend/src/modules/support/domain/shared-with-client', import.meta.url));
// Issue 15: each public page's title and description, which the server also writes into its HTML.
const pageMeta = fileURLToPath(new URL('../backend/src/shared/http/shared-with-client', import.meta.url));

const TESTS = 'src/**/*.test.{ts,tsx}';
// e2e/ holds the browser tier (playwright-core against the built app); it has its own config.
const NOT_TESTS = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

/** The test files that replace a module with `vi.mock` (paths relative to this folder). */
function filesThatMockModules(): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file}`)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${root}${file}`, 'utf8')))
    .sort();
}
const MOCKING_FILES = filesThatMockModules();

// The NestJS server (PORT, default 3000) serves /api, /ws, robots.txt and sitemap.xml. In
// development Vite proxies them to it, on the same PORT the server reads. The Host header is kept
// (no changeOrigin) so that the server's same-origin check for state-changing requests (D18) sees
// the browser's Origin and Host agree.
const backend = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@generation-rules': generationRules, '@tools-rules': toolsRules, '@support-rules': supportRules, '@page-meta': pageMeta } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend },
      '/ws': { target: backend, ws: true },
      '/robots.txt': { target: backend },
      '/sitemap.xml': { target: backend },
    },
  },
  build: {
    // Nest serves frontend/dist; hashed files under dist/assets get long-lived cache headers.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Above setup.ts's 5 s for findBy and waitFor, so a wait that fails says what it waited for.
    testTimeout: 15_000,
    unstubGlobals: true,
    // Issue 25: a new process, jsdom and setup for every file cost more than the tests themselves
    // (97 files: 140 s of environment, 40 s of setup, 180 s of tests). So files share a worker, its
    // jsdom and its loaded modules: setup.ts empties the DOM, storage, cookies, toasts and stubs
    // after each test. A file that replaces a module (vi.mock) needs that module loaded afresh:
    // those files alone run isolated, each in a new worker, as before.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [TESTS],
          exclude: [...NOT_TESTS, ...MOCKING_FILES],
          isolate: false,
          // Every page loaded before the first test (src/test/preload-pages.ts).
          setupFiles: ['./src/test/preload-pages.ts'],
        },
      },
      ...(MOCKING_FILES.length
        ? [{ extends: true as const, test: { name: 'isolated', include: MOCKING_FILES, exclude: NOT_TESTS, isolate: true } }]
        : []),
    ],
  },
});
