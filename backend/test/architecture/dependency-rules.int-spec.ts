import * as path from 'node:path';
import { cliReport } from './cli-report';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = 'backend/test/architecture/fixture';

const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface CruiseResult {
  modules: Array<{ source: string; dependencies: Array<{ module: string; resolved: string; dependencyTypes: string[] }> }>;
  summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
}

function cruise(target: string): CruiseResult {
  return cliReport<CruiseResult>(CLI, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', target], ROOT);
}

describe('architecture rules (dependency-cruiser, run by npm test on the real code)', () => {
  const result = cruise(FIXTURE);

  it('catch each kind of violation planted in the deliberately broken fixture, and nothing allowed', () => {
    // The fixture mirrors the repository (backend/src, frontend/src) so the real rules apply to it
    // unchanged. Each file named here breaks one rule (a "Deliberate violation" comment says which);
    // the imports marked "Allowed" are legal and must not show up.
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${path.relative(FIXTURE, v.from)}`).sort();
    expect(found).toEqual([
      'application-imports-no-http-adapter: backend/src/modules/alpha/application/uses-controller.ts',
      'application-imports-no-infrastructure: backend/src/modules/alpha/application/uses-aws.ts',
      'application-imports-no-infrastructure: backend/src/modules/alpha/application/uses-sharp.ts',
      'client-reaches-backend-only-through-shared-with-client: frontend/src/features/billing/uses-backend.ts',
      'client-reaches-backend-only-through-shared-with-client: frontend/src/features/editor/alias-outside-shared.ts',
      'composition-reaches-contexts-through-index: backend/src/cli/uses-internals.ts',
      'composition-reaches-contexts-through-index: backend/src/database/uses-entity.ts',
      'config-reads-only-environment-slices: backend/src/config/app-config.ts',
      'contexts-meet-through-index: backend/src/modules/alpha/adapters/uses-beta-entity.ts',
      'contexts-meet-through-index: backend/src/modules/alpha/adapters/uses-beta.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/rule.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/uses-application.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/uses-node-api.ts',
      'features-and-shared-do-not-import-app: frontend/src/features/editor/editor.api.test.ts',
      'features-and-shared-do-not-import-app: frontend/src/shared/uses-app.ts',
      'features-do-not-import-each-other: frontend/src/features/editor/uses-billing.ts',
      'frontend-shared-does-not-import-features: frontend/src/shared/uses-feature.ts',
      'index-exports-no-adapter: backend/src/modules/gamma/index.ts',
      'no-circular: backend/src/modules/beta/domain/ping.ts',
      'not-to-unresolvable: backend/src/modules/alpha/application/command-bus.ts', // ESLint's command-bus fixture: not installed
      'not-to-unresolvable: frontend/src/features/editor/unknown-alias.ts',
      'production-code-imports-no-test-support: backend/src/modules/alpha/adapters/uses-test-support.ts',
      'production-code-imports-no-test-support: frontend/src/features/editor/uses-test-support.ts',
      'shared-does-not-reach-into-contexts: backend/src/health/uses-context.ts',
      'shared-does-not-reach-into-contexts: backend/src/shared/uses-context.ts',
      'shared-with-client-is-self-contained: backend/src/modules/beta/domain/shared-with-client/leaky-rule.ts',
      'typeorm-stays-in-adapters: backend/src/modules/alpha/alpha.api.ts',
    ]);
  });

  it('resolve the frontend path aliases to the files they name (and so apply the rules to them)', () => {
    const resolved = (file: string) =>
      result.modules.find((m) => m.source === `${FIXTURE}/${file}`)?.dependencies.map((d) => [d.module, d.resolved]);
    expect(resolved('frontend/src/features/editor/uses-alias.ts')).toEqual([
      ['@generation-rules/prompt-filter', 'backend/src/modules/generation/domain/shared-with-client/prompt-filter.ts'],
    ]);
    expect(resolved('frontend/src/features/editor/alias-outside-shared.ts')).toEqual([
      ['@generation-rules/../generation-errors', 'backend/src/modules/generation/domain/generation-errors.ts'],
    ]);
  });
});
