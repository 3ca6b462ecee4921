#!/usr/bin/env node
// `npm run migration:create -w backend -- <name-in-kebab-case>`: writes
// src/database/migrations/<timestamp>-<name>.ts with an empty up/down and lists it in
// migrations/index.ts (migrations are listed explicitly so ts-jest and the build agree).
// The timestamp is the current time in ms, so it sorts after every existing migration.
// MIGRATIONS_DIR overrides the folder (the test uses a copy).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.MIGRATIONS_DIR ?? path.join(here, '..', 'src', 'database', 'migrations');
const name = process.argv[2];

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('Usage: npm run migration:create -w backend -- <name-in-kebab-case>   (e.g. add-image-renditions)');
  process.exit(2);
}

const indexFile = path.join(dir, 'index.ts');
const index = fs.readFileSync(indexFile, 'utf8');
const latest = Math.max(0, ...[...index.matchAll(/(\d{13})/g)].map((m) => Number(m[1])));
const timestamp = Math.max(Date.now(), latest + 1);
const className = `${name
  .split('-')
  .map((w) => w[0].toUpperCase() + w.slice(1))
  .join('')}${timestamp}`;
const fileBase = `${timestamp}-${name}`;
const file = path.join(dir, `${fileBase}.ts`);

fs.writeFileSync(
  file,
  `import { MigrationInterface, QueryRunner } from 'typeorm';

/** TODO: say what this changes and why (the migration's comment is its documentation). */
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(q: QueryRunner): Promise<void> {
    await q.query(\`SELECT 1\`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(\`SELECT 1\`);
  }
}
`,
);

const withImport = index.replace(/((?:^import .*\n)+)/m, `$1import { ${className} } from './${fileBase}';\n`);
const withEntry = withImport.replace(/(export const MIGRATIONS = \[[\s\S]*?)(\n\];)/, `$1\n  ${className},$2`);
if (withEntry === index || !withEntry.includes(`  ${className},`)) {
  console.error(`Wrote ${path.relative(process.cwd(), file)}, but could not list it in ${indexFile}: add it by hand.`);
  process.exit(1);
}
fs.writeFileSync(indexFile, withEntry);
console.log(`Created ${path.relative(process.cwd(), file)} and listed ${className} in migrations/index.ts`);
