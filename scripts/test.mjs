#!/usr/bin/env node
// `npm test`: every tier, independent ones side by side (issue 25).
//
// Two lanes keep the two cores of a small machine busy: a tier starts once what it needs has passed
// and a lane is free, the first such tier in this order:
//   build backend → backend integration (its child-process tests start the build, not ts-node);
//   architecture rules, eslint, typecheck backend (src, test, bench), typecheck frontend (src, e2e),
//   api contract (the checked-in OpenAPI document and client types are what the code makes, ADR 0027)
//   → build frontend, backend unit, frontend; browser (the built app) last, once the integration
//   tier has ended.
// So the integration tier runs beside the short tiers, and the browser tier (three Chromiums and a
// server, two cores' worth) beside nothing but what is left of them: run beside the integration
// tier, both took twice as long and the integration tier's hooks overran their 30 s.
//
// A tier's output is held until it ends, then printed in one piece under its name with its time.
// After a failure no further tier starts; those running finish. The closing line,
// "tests: N passed, N failed", sums the runners' reports (a failed tier without one counts 1).
//
// TEST_LANES=1 runs the tiers one at a time, in the order above.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.data', 'test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const report = (name) => path.join(results, `${name}.json`);
// The integration tier's test files are independent (a database each) and mostly wait on
// PostgreSQL: two workers, unless TEST_INT_WORKERS says otherwise.
const INT_WORKERS = [`--maxWorkers=${process.env.TEST_INT_WORKERS ?? 2}`];
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${report(name)}`];

/** name, command, the tiers it needs, and the runner's JSON report (jest and Vitest share its counts). */
const tiers = [
  { name: 'build backend', cmd: ['npm', 'run', 'build', '-w', 'backend'] },
  {
    name: 'backend integration',
    cmd: ['npm', 'run', 'test:int:groups', '-w', 'backend', '--', ...INT_WORKERS, '--json', `--outputFile=${report('int')}`],
    needs: ['build backend'],
    report: 'int',
  },
  { name: 'architecture rules', cmd: ['npm', 'run', 'lint:arch'] },
  { name: 'eslint', cmd: ['npm', 'run', 'lint:eslint'] },
  { name: 'typecheck backend', cmd: ['npm', 'run', 'typecheck', '-w', 'backend'] },
  { name: 'typecheck frontend', cmd: ['npm', 'run', 'typecheck', '-w', 'frontend'] },
  { name: 'api contract', cmd: ['npm', 'run', 'api:check'] },
  // `npm run build -w frontend` is `tsc -b && vite build`; that `tsc -b` is the typecheck tier's,
  // which has passed: the bundle is what is left to build.
  { name: 'build frontend', cmd: ['npm', 'exec', '-w', 'frontend', '--', 'vite', 'build'], needs: ['typecheck frontend'] },
  { name: 'backend unit', cmd: ['npm', 'run', 'test:unit', '-w', 'backend', '--', '--json', `--outputFile=${report('unit')}`], report: 'unit' },
  { name: 'frontend', cmd: ['npm', 'run', 'test', '-w', 'frontend', '--', ...vitestJson('web')], report: 'web' },
  {
    name: 'browser',
    cmd: ['npm', 'run', 'test:e2e', '-w', 'frontend', '--', ...vitestJson('e2e')],
    needs: ['build backend', 'build frontend', 'backend integration'],
    report: 'e2e',
  },
];

const lanes = Math.max(1, Number(process.env.TEST_LANES ?? 2) || 2);
const env = { ...process.env };
// Colours survive the buffering when the output is a terminal.
if (process.stdout.isTTY && !('FORCE_COLOR' in env) && !('NO_COLOR' in env)) env.FORCE_COLOR = '1';

const state = new Map(tiers.map((t) => [t.name, { status: 'waiting' }]));
const running = new Map();
const started = Date.now();
let passed = 0;
let failed = 0;
let failing = false;

const seconds = (ms) => (ms / 1000).toFixed(1);
const elapsed = () => `${seconds(Date.now() - started)} s`;

function readReport(tier) {
  if (!tier.report || !fs.existsSync(report(tier.report))) return false;
  try {
    const r = JSON.parse(fs.readFileSync(report(tier.report), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    return true;
  } catch {
    return false;
  }
}

function start(tier) {
  const s = state.get(tier.name);
  s.status = 'running';
  s.started = Date.now();
  console.log(`▶ ${tier.name} [${elapsed()}]: ${tier.cmd.join(' ')}`);
  const child = spawn(tier.cmd[0], tier.cmd.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const chunks = [];
  child.stdout.on('data', (d) => chunks.push(d));
  child.stderr.on('data', (d) => chunks.push(d));
  running.set(tier.name, child);
  return new Promise((resolve) => {
    child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(tier.name);
      s.seconds = seconds(Date.now() - s.started);
      s.status = code === 0 ? 'passed' : 'failed';
      const counted = readReport(tier);
      if (code !== 0) {
        failing = true;
        if (!counted) failed += 1;
      }
      const mark = code === 0 ? '✔' : '✘';
      const how = code === 0 ? 'passed' : signal ? `stopped by ${signal}` : `failed with exit code ${code}`;
      const rule = '─'.repeat(Math.max(8, 72 - tier.name.length));
      process.stdout.write(`\n── ${tier.name} ${rule}\n${Buffer.concat(chunks).toString()}`);
      console.log(`${mark} ${tier.name}: ${how} in ${s.seconds} s [${elapsed()}]\n`);
      resolve();
    });
  });
}

/** Starts every tier whose needs have passed while a lane is free; resolves when nothing is left. */
function schedule() {
  return new Promise((resolve) => {
    const next = () => {
      for (const tier of tiers) {
        if (running.size >= lanes) break;
        const s = state.get(tier.name);
        if (s.status !== 'waiting' || failing) continue;
        const needs = (tier.needs ?? []).map((n) => state.get(n).status);
        if (needs.some((n) => n === 'failed' || n === 'skipped')) s.status = 'skipped';
        else if (needs.every((n) => n === 'passed')) start(tier).then(next);
      }
      if (running.size === 0) resolve();
    };
    next();
  });
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    failing = true;
    for (const child of running.values()) {
      try {
        process.kill(-child.pid, signal); // the tier's whole process group (npm, its runner, workers)
      } catch {
        // already gone
      }
    }
  });
}

await schedule();

console.log('\nTiers:');
for (const tier of tiers) {
  const s = state.get(tier.name);
  const mark = { passed: '✔', failed: '✘' }[s.status] ?? '–';
  console.log(`${mark} ${tier.name}${s.seconds ? ` (${s.seconds} s)` : ` (${s.status === 'waiting' ? 'not started' : s.status})`}`);
}
console.log(`Total: ${elapsed()} with ${lanes} lane${lanes === 1 ? '' : 's'}`);
const failedTiers = tiers.filter((t) => state.get(t.name).status === 'failed').map((t) => t.name);
if (failedTiers.length) console.log(`\nFailed at: ${failedTiers.join(', ')}`);
if (interrupted) console.log('\nInterrupted.');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedTiers.length || interrupted ? 1 : 0);
