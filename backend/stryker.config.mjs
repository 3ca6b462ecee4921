// @ts-check
/**
 * Issue 25: mutation testing of the domain rules (`npm run mutation` at the root; not part of
 * `npm test` nor CI). Stryker changes one thing at a time in the domain code (a `<` into `<=`, a
 * string into "") and runs the unit tests that cover it; a change no test notices is a rule no test
 * holds. The per-domain score and the ≥ 80 % target are printed by scripts/mutation.mjs.
 *
 * Runs are CPU-heavy and the machine is shared: one test process, incremental (only mutants in
 * code or tests changed since the last run are tried again), and per-test coverage (a mutant runs
 * only the tests that reach it).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    'src/modules/credits/domain/**/*.ts',
    'src/modules/billing/domain/**/*.ts',
    'src/modules/identity/domain/**/*.ts',
    '!src/**/*.spec.ts',
  ],
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.unit.config.js',
    // The unit tests of the three contexts. Other contexts reach these domains only through the
    // contexts' index.ts; their tests are not what holds these rules, and running them for every
    // mutant would only make a run longer.
    config: { roots: ['<rootDir>/modules/credits', '<rootDir>/modules/billing', '<rootDir>/modules/identity'] },
  },
  // A mutant that does not type-check is a compile error, not a survivor (jest's transform only
  // strips types).
  // The checker compiles the three domains alone: checking the whole backend took most of a run,
  // and a type error elsewhere in the checkout (work in progress) was blamed on every mutant.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  incremental: true,
  incrementalFile: '.data/mutation/stryker-incremental.json',
  // The sandbox must sit one folder below backend/ (Stryker rewrites tsconfig's `extends` for that).
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', '.data', 'coverage', 'outbox'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.data/mutation/mutation.html' },
  jsonReporter: { fileName: '.data/mutation/mutation.json' },
  // The survivors are listed (with their diff); the test names and the whole score table are not.
  clearTextReporter: { logTests: false, reportTests: false, reportScoreTable: false },
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10000,
};
