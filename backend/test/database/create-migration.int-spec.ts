import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

const SCRIPT = path.resolve(__dirname, '..', '..', 'scripts', 'create-migration.mjs');
const MIGRATIONS = path.resolve(__dirname, '..', '..', 'src', 'database', 'migrations');

/** `npm run migration:create` on a copy of the real migrations folder. */
describe('migration:create', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.copyFileSync(path.join(MIGRATIONS, 'index.ts'), path.join(dir, 'index.ts'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(...args: string[]): string {
    return execFileSync(process.execPath, [SCRIPT, ...args], { env: { ...process.env, MIGRATIONS_DIR: dir }, encoding: 'utf8' });
  }

  it('writes a migration class that compiles and lists it last in index.ts', () => {
    const before = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
    run('add-thing');
    const created = fs.readdirSync(dir).filter((f) => f !== 'index.ts');
    expect(created).toHaveLength(1);
    const [, stamp] = /^(\d{13})-add-thing\.ts$/.exec(created[0])!;
    const existing = [...before.matchAll(/(\d{13})/g)].map((m) => Number(m[1]));
    expect(Number(stamp)).toBeGreaterThan(Math.max(...existing));

    const source = fs.readFileSync(path.join(dir, created[0]), 'utf8');
    expect(source).toContain(`export class AddThing${stamp} implements MigrationInterface`);
    const diagnostics = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } }).diagnostics;
    expect(diagnostics).toEqual([]);

    const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
    expect(index).toContain(`import { AddThing${stamp} } from './${stamp}-add-thing';`);
    expect(index.trimEnd()).toMatch(new RegExp(`  AddThing${stamp},\\n\\];$`));
  });

  it('refuses a name that is not kebab-case', () => {
    expect(() => execFileSync(process.execPath, [SCRIPT, 'Add Thing'], { env: { ...process.env, MIGRATIONS_DIR: dir }, stdio: 'pipe' })).toThrow();
    expect(fs.readdirSync(dir)).toEqual(['index.ts']);
  });
});
