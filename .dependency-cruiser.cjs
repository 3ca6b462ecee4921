/**
 * ARCHITECTURE rules 1 and 2 (and rule 9's "no cross-feature imports" for the frontend), checked
 * inside `npm test`. The patterns also match the deliberate violations in
 * backend/test/architecture/fixture, whose test proves each rule fails when broken.
 */
const FRAMEWORKS = '(@nestjs|typeorm|class-validator|class-transformer|stripe|sharp|pg|replicate|express|nodemailer|ws)';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain-typescript',
      comment: 'Rule 1: nothing under domain/ imports a framework, an ORM, a driver or an SDK.',
      severity: 'error',
      from: { path: '(^|/)src/modules/[^/]+/domain/' },
      to: { path: `(^|/)node_modules/${FRAMEWORKS}(/|$)` },
    },
    {
      name: 'domain-is-plain-typescript-core',
      comment: 'Rule 1: the domain does not reach out of itself into application or adapters code.',
      severity: 'error',
      from: { path: '(^|/)src/modules/([^/]+)/domain/' },
      to: { path: '(^|/)src/modules/[^/]+/(application|adapters)/' },
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
      name: 'features-do-not-import-each-other',
      comment: 'Rule 9: frontend features refresh each other through RTK Query tags, never by importing each other.',
      severity: 'error',
      from: { path: '(^|/)src/features/([^/]+)/' },
      to: { path: '(^|/)src/features/[^/]+/', pathNot: '(^|/)src/features/$2/' },
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
