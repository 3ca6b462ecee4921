/**
 * TypeScript → JavaScript for both jest tiers, with swc (issue 25): it compiles a file in a
 * fraction of ts-jest's time, which on a clean clone (no jest cache) is most of a tier's start.
 * It only strips types, as ts-jest did here (isolatedModules): the types are checked by
 * `npm run typecheck -w backend` (src, test and bench), a tier of `npm test`.
 *
 * The options mirror tsconfig.json where emitted code depends on them: Nest's dependency injection
 * needs the legacy decorators and their `design:*` metadata (experimentalDecorators,
 * emitDecoratorMetadata), and class fields keep TypeScript's assignment semantics
 * (useDefineForClassFields: false). tsconfig.json declares no `paths`; add them to `jsc.paths`
 * (with `jsc.baseUrl`) if it ever does.
 */
module.exports = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        target: 'es2022',
        keepClassNames: true,
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ],
};
