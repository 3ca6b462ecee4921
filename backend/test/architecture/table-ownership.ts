import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Which context owns each table (ARCHITECTURE house style: no SQL against another context's
 * tables). No import checker can see a context naming another's table in a SQL string, so this
 * scanner reads the source: a table is "named" by a quoted identifier ("image"), an upper-case SQL
 * keyword before it (FROM image, JOIN "laugh", UPDATE, INTO, TABLE) or a TypeORM entity or table
 * name (`@Entity({ name: 'image' })`, `tableName: 'session'`). Comments are ignored.
 */
export interface Ownership {
  /** table → owning context (a folder under src/modules, or 'shared' for src/shared). */
  owners: Record<string, string>;
  /** Foreign tables a context may name, each allowed by an ADR. */
  exceptions: Array<{ context: string; table: string; adr: string; why: string }>;
}

export interface ForeignTableUse {
  context: string;
  table: string;
  owner: string;
  file: string;
}

function stripComments(source: string): string {
  // Block comments, then line comments that start a line or follow code after whitespace (a URL's
  // "//" inside a string is preceded by ':' and stays).
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function tablesNamedIn(source: string, tables: string[]): string[] {
  const code = stripComments(source);
  return tables.filter((t) => {
    const name = escape(t);
    return (
      new RegExp(`"${name}"`).test(code) ||
      new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+${name}\\b`).test(code) ||
      new RegExp(`@Entity\\(\\s*(\\{[^}]*\\bname\\s*:\\s*)?['"\`]${name}['"\`]`).test(code) ||
      new RegExp(`\\btableName\\s*:\\s*['"\`]${name}['"\`]`).test(code)
    );
  });
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every place where a context's code names a table it does not own and no ADR allows.
 * `contextDirs`: context name → its source folder.
 */
export function foreignTableUses(contextDirs: Record<string, string>, ownership: Ownership, root: string): ForeignTableUse[] {
  const tables = Object.keys(ownership.owners);
  const found: ForeignTableUse[] = [];
  for (const [context, dir] of Object.entries(contextDirs)) {
    for (const file of sourceFiles(dir)) {
      for (const table of tablesNamedIn(fs.readFileSync(file, 'utf8'), tables)) {
        const owner = ownership.owners[table];
        if (owner === context) continue;
        if (ownership.exceptions.some((e) => e.context === context && e.table === table)) continue;
        found.push({ context, table, owner, file: path.relative(root, file) });
      }
    }
  }
  return found;
}

/** The contexts of a source tree: each folder under src/modules, plus src/shared as 'shared'. */
export function contextFolders(srcDir: string): Record<string, string> {
  const modules = path.join(srcDir, 'modules');
  const dirs: Record<string, string> = {};
  for (const entry of fs.readdirSync(modules, { withFileTypes: true })) {
    if (entry.isDirectory()) dirs[entry.name] = path.join(modules, entry.name);
  }
  if (fs.existsSync(path.join(srcDir, 'shared'))) dirs.shared = path.join(srcDir, 'shared');
  return dirs;
}

/** Tables the migrations create. */
export function tablesCreatedByMigrations(migrationsDir: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(migrationsDir)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/g)) names.add(m[1]);
  }
  return [...names].sort();
}
