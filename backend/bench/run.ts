/**
 * `npm run bench` (root) → every backend/bench/*.bench.ts in turn; `npm run bench -- health`
 * runs the named ones. Each benchmark prints its own figures and ratio.
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL in a temporary folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

async function main(): Promise<void> {
  // Options (--name=value) are the benchmarks' own (e.g. growth's --small, --large); the rest are names.
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const all = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace(/\.bench\.ts$/, ''))
    .sort();
  const unknown = wanted.filter((w) => !all.includes(w));
  if (unknown.length) throw new Error(`No such benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  for (const name of wanted.length ? wanted : all) {
    console.log(`\n=== bench: ${name} ===`);
    const mod = (await import(path.join(__dirname, `${name}.bench.ts`))) as { run: () => Promise<void> };
    await mod.run();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
