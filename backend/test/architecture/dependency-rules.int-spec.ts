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
  return result.summary.violations.map((v) => `${v.rule.name}: ${path.basename(v.from)}`).sort();
}

describe('architecture rules (dependency-cruiser, run by npm test on the real code)', () => {
  it('catch each kind of violation in the deliberately broken fixture', () => {
    expect(violations('backend/test/architecture/fixture/src')).toEqual([
      'contexts-meet-through-index: uses-beta.ts',
      'domain-is-plain-typescript: rule.ts',
      'features-do-not-import-each-other: uses-billing.ts',
    ]);
  });
});
