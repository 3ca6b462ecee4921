import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

function violations(target: string): string[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [CLI, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', target], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout); // exits non-zero when it finds violations
  }
  const result = JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string }; from: string }> } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${path.relative(target, v.from)}`).sort();
}

describe('architecture rules (dependency-cruiser, run by npm test on the real code)', () => {
  it('catch each kind of violation planted in the deliberately broken fixture, and nothing allowed', () => {
    // The fixture mirrors the repository (backend/src, frontend/src) so the real rules apply to it
    // unchanged. Each file named here breaks exactly one rule; allowed.ts and the index.ts imports
    // are legal and must not show up.
    expect(violations('backend/test/architecture/fixture')).toEqual([
      'contexts-meet-through-index: backend/src/modules/alpha/adapters/uses-beta.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/rule.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/uses-application.ts',
      'domain-is-plain-typescript: backend/src/modules/alpha/domain/uses-node-api.ts',
      'features-do-not-import-each-other: frontend/src/features/editor/uses-billing.ts',
      'frontend-shared-does-not-import-features: frontend/src/shared/uses-feature.ts',
      'no-circular: backend/src/modules/beta/domain/ping.ts',
      'shared-does-not-reach-into-contexts: backend/src/health/uses-context.ts',
      'shared-does-not-reach-into-contexts: backend/src/shared/uses-context.ts',
    ]);
  });
});
