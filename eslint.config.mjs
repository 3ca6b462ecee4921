/**
 * ESLint (`npm run lint:eslint`, inside `npm run lint` and `npm test`): what the import rules
 * (.dependency-cruiser.cjs) cannot see. Type-checked, through typescript-eslint's project service
 * (each file is checked with its own tsconfig: backend/tsconfig.json, frontend/tsconfig.app.json,
 * frontend/tsconfig.node.json for e2e/).
 *
 * - Promises: none left floating, none handed to a place that ignores it (a `void` callback, a
 *   condition). `void promise` marks fire-and-forget; use it only where the promise handles its
 *   own errors, else await it or catch.
 * - Rule 7: Nest's HTTP exceptions only in the HTTP adapters (controllers, adapters/http/,
 *   shared/http/); everything else throws DomainError subclasses, which the one filter maps.
 * - Rule 8: the environment is read in backend/src/config/ only (and the composition roots listed
 *   at ENVIRONMENT_READERS); everything else gets the validated config injected.
 * - Rule 9: one createApi, in frontend/src/shared/api/base-api.ts.
 * - Rule 4: a use case (*.use-case.ts) has one public method, execute; no command bus.
 * - Rule 5: never `synchronize` the schema; migrations only.
 *
 * The paths are relative to the directory ESLint runs in, so the same rules apply unchanged to
 * backend/test/architecture/fixture (run there by eslint-rules.int-spec.ts), where each rule has a
 * planted violation.
 */
import tseslint from 'typescript-eslint';

/** Files that may read process.env: the config loader, and the composition roots that load it. */
const ENVIRONMENT_READERS = [
  // The one place that parses and validates the environment (loadConfig, the embedded database's
  // child environment).
  'backend/src/config/**',
  // Commands: each loads the config from its own environment, as main.ts does through AppModule.
  'backend/src/cli/**',
  // Tests, benches and the browser tier start the app with an environment of their choosing.
  'backend/test/**',
  'backend/bench/**',
  'frontend/e2e/**',
];

const HTTP_ADAPTERS = ['backend/src/**/adapters/http/**', 'backend/src/**/*.controller.ts', 'backend/src/shared/http/**'];

const HTTP_EXCEPTIONS = {
  group: ['@nestjs/common', '@nestjs/common/**'],
  importNamePattern: '^[A-Za-z]*Exception$',
  message:
    "ARCHITECTURE rule 7: outside the HTTP adapters, throw a DomainError subclass (shared/errors/domain-error.ts); the global filter turns its kind into the status.",
};
const COMMAND_BUS = {
  group: ['@nestjs/cqrs', '@nestjs/cqrs/**'],
  message: 'ARCHITECTURE rule 4: use cases are plain injectable classes; no command bus.',
};
const ENVIRONMENT_IMPORT = [
  {
    name: 'process',
    importNames: ['env'],
    message: 'ARCHITECTURE rule 8: read configuration from the injected config (backend/src/config), not the environment.',
  },
  {
    name: 'node:process',
    importNames: ['env'],
    message: 'ARCHITECTURE rule 8: read configuration from the injected config (backend/src/config), not the environment.',
  },
];
const SECOND_API = ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'].map((name) => ({
  name,
  importNames: ['createApi', 'buildCreateApi'],
  message: 'ARCHITECTURE rule 9: one createApi (frontend/src/shared/api/base-api.ts); features add endpoints with injectEndpoints.',
}));

const ENVIRONMENT_PROPERTY = {
  object: 'process',
  property: 'env',
  message: 'ARCHITECTURE rule 8: read configuration from the injected config (backend/src/config), not the environment.',
};

const SYNCHRONIZE = {
  selector: "Property[key.name='synchronize'][value.value=true]",
  message: 'ARCHITECTURE rule 5: schema changes are migrations only; never synchronize.',
};
const USE_CASE_METHODS = {
  selector:
    "ClassBody > MethodDefinition[kind='method'][static=false]:not([accessibility='private']):not([accessibility='protected'])" +
    ":not([key.type='PrivateIdentifier'])" +
    ':not([key.name=/^(execute|onModuleInit|onModuleDestroy|onApplicationBootstrap|beforeApplicationShutdown|onApplicationShutdown)$/])',
  message:
    'ARCHITECTURE rule 4: a use case has one public method, execute (Nest lifecycle hooks aside); several operations make a small service (<noun>.service.ts).',
};

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.stryker-tmp/**',
      '**/coverage/**',
      // Deliberately broken: linted by its own test (backend/test/architecture/eslint-rules.int-spec.ts).
      'backend/test/architecture/fixture/**',
    ],
  },
  {
    files: ['backend/{src,test,bench}/**/*.ts', 'frontend/{src,e2e}/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Imports are typed and checked by the dependency rules; a lazily required SDK says why.
      '@typescript-eslint/no-require-imports': 'error',
    },
  },
  // Backend: restricted imports and syntax, by place.
  {
    files: ['backend/{src,test,bench}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [COMMAND_BUS] }],
      'no-restricted-syntax': ['error', SYNCHRONIZE],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: HTTP_ADAPTERS,
    rules: { 'no-restricted-imports': ['error', { paths: ENVIRONMENT_IMPORT, patterns: [HTTP_EXCEPTIONS, COMMAND_BUS] }] },
  },
  {
    files: HTTP_ADAPTERS,
    rules: { 'no-restricted-imports': ['error', { paths: ENVIRONMENT_IMPORT, patterns: [COMMAND_BUS] }] },
  },
  {
    files: ['backend/src/**/*.use-case.ts'],
    rules: { 'no-restricted-syntax': ['error', SYNCHRONIZE, USE_CASE_METHODS] },
  },
  {
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: ENVIRONMENT_READERS,
    rules: { 'no-restricted-properties': ['error', ENVIRONMENT_PROPERTY] },
  },
  {
    files: ['backend/src/{config,cli}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [HTTP_EXCEPTIONS, COMMAND_BUS] }] },
  },
  // Frontend: one API slice.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/shared/api/base-api.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [...SECOND_API, ...ENVIRONMENT_IMPORT] }] },
  },
];
