import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The written conventions no import or lint rule can see, checked on the file tree
 * (conventions.int-spec.ts proves each on a planted violation in fixture/):
 *
 * - kebab-case file and folder names (ARCHITECTURE rule 9, and the house naming for new files);
 * - no barrel files in the frontend (rule 9: an index.ts re-exporting a folder);
 * - every context has the same shape (house style): index.ts, <ctx>.module.ts, and besides them
 *   only domain/, application/, adapters/ and <ctx>.<role>.ts files (api, config, …);
 * - a port is an interface with a Symbol token in the same *.port.ts file (rule 3), kept in a
 *   context's application/ (or src/shared/ for a port several contexts use, such as Mailer);
 * - no CSS `composes: … from` another file (docs/architecture.md, issue 24).
 */

/** Every file and folder under `dir`, as paths relative to it. */
function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    const here = path.relative(base, full);
    return entry.isDirectory() ? [`${here}/`, ...walk(full, base)] : [here];
  });
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Paths under `dir` with a name that is not kebab-case (each dot-separated part of a file name, e.g.
 * `my-edits.api.test.tsx`), leaving out the folders in `skip` (relative to `dir`, ending in /).
 */
export function notKebabCase(dir: string, skip: string[] = []): string[] {
  return walk(dir).filter((p) => {
    if (skip.some((s) => p.startsWith(s))) return false;
    const name = path.basename(p);
    const parts = p.endsWith('/') ? [name] : name.split('.').slice(0, -1);
    return !parts.every((part) => KEBAB.test(part));
  });
}

/** index.ts / index.tsx files under `dir` (barrels). */
export function barrelFiles(dir: string): string[] {
  return walk(dir).filter((p) => /(^|\/)index\.tsx?$/.test(p));
}

/** What makes a context (a folder of `modulesDir`) differ from the common shape. */
export function contextShapeDeviations(modulesDir: string): string[] {
  const found: string[] = [];
  for (const context of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const ctx = context.name;
    const entries = fs.readdirSync(path.join(modulesDir, ctx), { withFileTypes: true });
    const names = entries.map((e) => e.name);
    for (const required of ['index.ts', `${ctx}.module.ts`]) {
      if (!names.includes(required)) found.push(`${ctx}: no ${required}`);
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!['domain', 'application', 'adapters'].includes(entry.name)) found.push(`${ctx}: folder ${entry.name}/ (only domain/, application/, adapters/)`);
      } else if (entry.name !== 'index.ts' && !entry.name.startsWith(`${ctx}.`)) {
        found.push(`${ctx}: file ${entry.name} at the top (only index.ts and ${ctx}.<role>.ts)`);
      }
    }
  }
  return found.sort();
}

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** *.port.ts files under `srcDir` without an exported interface and Symbol token, or outside application/ and shared/. */
export function portDeviations(srcDir: string): string[] {
  return walk(srcDir)
    .filter((p) => p.endsWith('.port.ts'))
    .flatMap((p) => {
      const code = stripComments(fs.readFileSync(path.join(srcDir, p), 'utf8'));
      const problems: string[] = [];
      if (!/\bexport\s+interface\s+\w+/.test(code)) problems.push(`${p}: no exported interface`);
      if (!/\bexport\s+const\s+\w+\s*(?::[^=]+)?=\s*Symbol\(/.test(code)) problems.push(`${p}: no exported Symbol token`);
      if (!/^(modules\/[^/]+\/application|shared)\//.test(p)) problems.push(`${p}: a port lives in a context's application/ or in shared/`);
      return problems;
    });
}

/** CSS files under `dir` that compose a class from another file. */
export function crossFileComposes(dir: string): string[] {
  return walk(dir).filter(
    (p) => p.endsWith('.css') && /\bcomposes\s*:[^;}]*\bfrom\b/.test(fs.readFileSync(path.join(dir, p), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')),
  );
}
