import * as path from 'node:path';
import { cliReport } from './cli-report';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = path.join(__dirname, 'fixture');
const CLI = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string; line: number }>;
}

/** The repository's eslint.config.mjs run inside the fixture (its paths are relative to where ESLint runs). */
function lintFixture(): LintResult[] {
  return cliReport<LintResult[]>(CLI, ['--config', path.join(ROOT, 'eslint.config.mjs'), '--format', 'json', 'backend', 'frontend'], FIXTURE);
}

describe('ESLint rules (eslint.config.mjs, run by npm test on the real code)', () => {
  it('catch each kind of violation planted in the deliberately broken fixture, and nothing allowed', () => {
    // Each file named here breaks one rule (its "Deliberate violation" comment says which); the
    // files and lines marked "Allowed" (a controller's HTTP exception, config/ and test support
    // reading the environment, the one createApi, a use case's private helpers and lifecycle hooks,
    // a handled fire-and-forget) must not show up.
    const found = lintFixture()
      .flatMap((file) => file.messages.map((m) => `${m.ruleId ?? `fatal (${m.message})`}: ${path.relative(FIXTURE, file.filePath)}`))
      .sort();
    expect(found).toEqual([
      '@typescript-eslint/no-floating-promises: backend/src/modules/alpha/application/floating.ts',
      '@typescript-eslint/no-misused-promises: backend/src/modules/alpha/application/misused.ts',
      '@typescript-eslint/no-misused-promises: frontend/src/features/editor/save-button.tsx',
      'no-restricted-imports: backend/src/modules/alpha/adapters/imports-env.ts',
      'no-restricted-imports: backend/src/modules/alpha/application/command-bus.ts',
      'no-restricted-imports: backend/src/modules/alpha/application/throws-http.ts',
      'no-restricted-imports: frontend/src/features/editor/second-api.ts',
      'no-restricted-properties: backend/src/modules/alpha/adapters/reads-env.ts',
      'no-restricted-properties: frontend/src/features/editor/reads-env.ts',
      'no-restricted-syntax: backend/src/database/data-source.ts',
      'no-restricted-syntax: backend/src/modules/alpha/application/do-things.use-case.ts',
    ]);
  });
});
