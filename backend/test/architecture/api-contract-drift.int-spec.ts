import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * ADR 0027: `npm run api:check` counts only if it fails on a drift. In a copy of the repository
 * (the server's code, the checked-in document and client, the script), one field of a server
 * response class is renamed; api:check must then fail and name the field in both files, and
 * nothing else: every difference it lists is the planted one's, so the failure is the drift's.
 * (That the untouched code passes is the api contract tier of `npm test`, on the repository itself.)
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const PLANTED = path.join('backend', 'src', 'health', 'health.responses.ts');

function copyInto(target: string, relative: string): void {
  fs.cpSync(path.join(ROOT, relative), path.join(target, relative), { recursive: true });
}

function apiCheck(copy: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [path.join(copy, 'scripts', 'api-contract.mjs'), 'check'], { cwd: copy, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run api:check (ADR 0027)', () => {
  let copy: string;
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-drift-'));
    for (const relative of [
      'package.json',
      'tsconfig.json',
      path.join('scripts', 'api-contract.mjs'),
      path.join('backend', 'package.json'),
      path.join('backend', 'tsconfig.json'),
      path.join('backend', 'src'),
      path.join('backend', 'openapi'),
      path.join('frontend', 'src', 'shared', 'api', 'generated'),
    ]) {
      copyInto(copy, relative);
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('fails naming the field, and only it, when a response class renames one', () => {
    const file = path.join(copy, PLANTED);
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('  uptimeSeconds: number;');
    fs.writeFileSync(file, source.replace('  uptimeSeconds: number;', '  upSeconds: number;'));

    const drifted = apiCheck(copy);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain('the API contract drifted');
    expect(drifted.output).toContain('/components/schemas/HealthResponse/properties/uptimeSeconds: removed');
    expect(drifted.output).toContain('/components/schemas/HealthResponse/properties/upSeconds: added');
    expect(drifted.output).toContain('frontend/src/shared/api/generated/openapi.ts differs');
    expect(drifted.output).toContain('npm run api:generate');
    // Every difference listed is the renamed field's: in the document, HealthResponse's properties
    // and its list of required fields; in the client, the one line.
    const listed = drifted.output.split('\n').filter((line) => /^ {2}[/+-]/.test(line)).map((line) => line.trim());
    const inDocument = listed.filter((line) => line.startsWith('/'));
    expect(inDocument.length).toBeGreaterThanOrEqual(2);
    for (const line of inDocument) expect(line).toMatch(/^\/components\/schemas\/HealthResponse\/(properties\/(uptimeSeconds|upSeconds)|required\/\d+): /);
    expect(listed.filter((line) => !line.startsWith('/'))).toEqual(['- uptimeSeconds: number;', '+ upSeconds: number;']);
  }, 240_000);
});
