import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Which context owns each table (ARCHITECTURE house style: no SQL against another context's
 * tables; docs/adr/0012-table-and-column-ownership.md). No import checker can see a context naming
 * another's table in a SQL string, so this scanner reads the source (comments ignored). A table is
 * named, in any letter case and with or without a schema (`public.image`, `"public"."image"`), by:
 *
 * - a quoted identifier anywhere: `"image"`;
 * - a SQL keyword before it: FROM, JOIN, INTO, UPDATE, TABLE, REFERENCES, TRUNCATE, LOCK, USING
 *   (`from image`, `JOIN public.image`, `insert into "image"`);
 * - a schema-qualified name anywhere: `public.image`;
 * - TypeORM: `@Entity('image')`, `@Entity({ name: 'image' })`, `tableName: 'image'`, and a string
 *   target of the query builder or a repository: `.from('image', 'i')`, `.into('image')`,
 *   `.update('image')`, `createQueryBuilder('image', 'i')`, `getRepository('image')`, the joins;
 * - a constant holding it (`const TABLE = 'image'`, `readonly table = 'public.image'`,
 *   `{ table: 'image' }`), so that a name interpolated into SQL (`FROM ${TABLE}`) is seen where the
 *   constant is written. A context may keep its own table names in constants but exports none
 *   through its index.ts (`tableNamesExported`): elsewhere they are never spelled or imported.
 *
 * An entity class of another context is an import, refused by the dependency rules
 * (contexts-meet-through-index, index-exports-no-adapter).
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

/** An optional schema before a table name: `public.`, `"public".` */
const SCHEMA = '(?:"?[A-Za-z_][A-Za-z0-9_]*"?\\s*\\.\\s*)?';
const KEYWORDS = '(?:from|join|into|update|table(?:\\s+if(?:\\s+not)?\\s+exists)?|references|truncate(?:\\s+table)?|lock(?:\\s+table)?|using)';
const BUILDER_CALLS =
  '(?:from|into|update|getRepository|createQueryBuilder|(?:inner|left)?[jJ]oin(?:AndSelect|AndMap(?:One|Many))?)';

export function tablesNamedIn(source: string, tables: string[]): string[] {
  const code = stripComments(source);
  return tables.filter((t) => {
    const name = escape(t);
    const quotedName = `['"\`]${SCHEMA}"?${name}"?['"\`]`;
    return (
      [
        new RegExp(`"${name}"`),
        new RegExp(`\\b${KEYWORDS}\\s+(?:only\\s+)?${SCHEMA}"?${name}"?(?![A-Za-z0-9_$./-])`, 'i'),
        new RegExp(`(?<![A-Za-z0-9_$./-])"?public"?\\s*\\.\\s*"?${name}"?(?![A-Za-z0-9_$./-])`, 'i'),
        new RegExp(`@(?:Entity|ViewEntity)\\(\\s*(?:\\{[^}]*\\bname\\s*:\\s*)?${quotedName}`),
        new RegExp(`\\b[A-Za-z0-9_$]*[tT]able(?:Name)?\\s*:\\s*${quotedName}`),
        new RegExp(`\\.${BUILDER_CALLS}\\(\\s*${quotedName}`),
      ].some((re) => re.test(code)) || tableConstants(code, quotedName).length > 0
    );
  });
}

/**
 * Constants holding the table name that are exported, interpolated into a template (`${TABLE}`),
 * joined to a string (`'… ' + TABLE`) or handed to the query builder in this file. A constant
 * that merely shares a table's name (a default file name 'image') is not a table.
 */
function tableConstants(code: string, quotedName: string): string[] {
  const declared = new RegExp(`\\b(?:const|let|var|readonly|static)\\s+([A-Za-z0-9_$]+)\\s*(?::[^=;]+)?=\\s*${quotedName}`, 'g');
  return [...code.matchAll(declared)]
    .map((m) => m[1])
    .filter((id) => {
      const ref = `(?:[A-Za-z0-9_$]+\\.)?${escape(id)}(?![A-Za-z0-9_$])`;
      return [
        new RegExp(`\\bexport\\s+(?:const|let|var)\\s+${escape(id)}\\b`),
        new RegExp(`\\$\\{[^}]*(?<![A-Za-z0-9_$])${ref}`),
        new RegExp(`\\+\\s*${ref}|(?<![A-Za-z0-9_$])${ref}\\s*\\+`),
        new RegExp(`\\.${BUILDER_CALLS}\\(\\s*${ref}`),
      ].some((re) => re.test(code));
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

export interface ExportedTableName {
  context: string;
  table: string;
  /** The exported constant. */
  name: string;
  file: string;
}

/**
 * Table names a context offers through its index.ts as constants: a table is spelled only in its
 * owner's code, so a constant holding one may be shared inside the context, never exported from it
 * (another context interpolating it would name the table without spelling it).
 */
export function tableNamesExported(contextDirs: Record<string, string>, tables: string[], root: string): ExportedTableName[] {
  const found: ExportedTableName[] = [];
  for (const [context, dir] of Object.entries(contextDirs)) {
    const index = path.join(dir, 'index.ts');
    if (!fs.existsSync(index)) continue;
    const surface = stripComments(fs.readFileSync(index, 'utf8'));
    const exportsEverything = /\bexport\s+\*\s+from\b/.test(surface);
    const names = new Set(
      [...surface.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
        m[1].split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]),
      ),
    );
    for (const file of sourceFiles(dir)) {
      const code = stripComments(fs.readFileSync(file, 'utf8'));
      for (const table of tables) {
        const declared = new RegExp(`\\bexport\\s+(?:const|let|var)\\s+([A-Za-z0-9_$]+)\\s*(?::[^=;]+)?=\\s*['"\`]${SCHEMA}"?${escape(table)}"?['"\`]`, 'g');
        for (const [, name] of code.matchAll(declared)) {
          if (exportsEverything || names.has(name) || file === index) found.push({ context, table, name, file: path.relative(root, file) });
        }
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
