/**
 * ARCHITECTURE rules 1 and 2, rule 9's "no cross-feature imports" and the house-style rules for
 * shared code, checked inside `npm test`. The patterns also match the deliberate violations in
 * backend/test/architecture/fixture, whose test proves each rule fails when broken.
 */
module.exports = {
  forbidden: [
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
      name: 'no-circular',
      severity: 'error',
      from: { path: '(^|/)src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
