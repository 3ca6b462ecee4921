#!/usr/bin/env node
// ADR 0027, one API contract. The server's code is the source; two files are made from it and
// checked in:
//   backend/openapi/openapi.json                    the OpenAPI document (backend/src/cli/openapi.ts)
//   frontend/src/shared/api/generated/openapi.ts    the client's types (openapi-typescript)
//
//   node scripts/api-contract.mjs generate   (npm run api:generate) writes both
//   node scripts/api-contract.mjs check      (npm run api:check) makes both in a temporary folder and
//                                            fails, with a summary of the differences, when either
//                                            differs from the checked-in one
//
// Both files are found relative to this script, so a copy of the repository checks itself
// (backend/test/architecture/api-contract-drift.int-spec.ts plants a drift in such a copy).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = {
  document: path.join('backend', 'openapi', 'openapi.json'),
  client: path.join('frontend', 'src', 'shared', 'api', 'generated', 'openapi.ts'),
};
const REGENERATE = 'npm run api:generate';

function run(cmd, args, options) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  return result;
}

/** Writes the document and the client made from the current code into `outDir` (same relative paths). */
function generateInto(outDir) {
  const document = path.join(outDir, FILES.document);
  const client = path.join(outDir, FILES.client);
  fs.mkdirSync(path.dirname(document), { recursive: true });
  fs.mkdirSync(path.dirname(client), { recursive: true });
  // The server's document: the Nest app in preview mode (no database, no port).
  run(process.execPath, ['-r', 'ts-node/register', path.join('src', 'cli', 'openapi.ts'), document], {
    cwd: path.join(root, 'backend'),
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
  });
  // The client's types, from that document.
  const cli = path.join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  run(process.execPath, [cli, document, '--output', client], { cwd: root });
  return { document, client };
}

/** Where two JSON values differ, as JSON pointers (at most `limit`). */
function jsonDifferences(before, after, at = '', out = [], limit = 40) {
  if (out.length >= limit) return out;
  const isObject = (v) => v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      out.push(`${at || '/'}: ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}`);
    }
    return out;
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    jsonDifferences(before[key], after[key], `${at}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`, out, limit);
    if (out.length >= limit) break;
  }
  return out;
}

/** The first lines that differ between two texts, as a short unified-style excerpt. */
function textDifferences(before, after, limit = 20) {
  const a = before.split('\n');
  const b = after.split('\n');
  const removed = a.filter((line) => !b.includes(line));
  const added = b.filter((line) => !a.includes(line));
  if (removed.length === 0 && added.length === 0) {
    const first = a.findIndex((line, i) => line !== b[i]);
    return [`the same lines in another order, from line ${first + 1}: ${(b[first] ?? '').trim()}`];
  }
  return [...removed.slice(0, limit).map((l) => `- ${l.trim()}`), ...added.slice(0, limit).map((l) => `+ ${l.trim()}`)];
}

function generate() {
  const made = generateInto(root);
  console.log(`Wrote ${path.relative(root, made.document)} and ${path.relative(root, made.client)}.`);
}

function check() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-api-'));
  try {
    const made = generateInto(tmp);
    const problems = [];
    for (const [name, relative] of Object.entries(FILES)) {
      const checkedIn = path.join(root, relative);
      const fresh = fs.readFileSync(made[name], 'utf8');
      if (!fs.existsSync(checkedIn)) {
        problems.push(`${relative} is missing.`);
        continue;
      }
      const current = fs.readFileSync(checkedIn, 'utf8');
      if (current === fresh) continue;
      const lines =
        name === 'document' ? jsonDifferences(JSON.parse(current), JSON.parse(fresh)).map((d) => `  ${d}`) : textDifferences(current, fresh).map((d) => `  ${d}`);
      problems.push(`${relative} differs from what the code makes (checked in → from the code):\n${lines.join('\n')}`);
    }
    if (problems.length > 0) {
      console.error(`api:check: the API contract drifted.\n\n${problems.join('\n\n')}\n\nRun \`${REGENERATE}\` and commit both files with the change that made them differ.`);
      process.exit(1);
    }
    console.log(`api:check: ${FILES.document} and ${FILES.client} are what the code makes.`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === 'generate') generate();
else if (mode === 'check') check();
else {
  console.error('Usage: node scripts/api-contract.mjs generate|check');
  process.exit(2);
}
