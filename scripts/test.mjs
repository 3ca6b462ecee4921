#!/usr/bin/env node
// `npm test`: every tier, in order, stopping at the first failure:
// architecture rules → eslint → backend unit → backend integration → frontend → build → browser.
// Prints one closing line "tests: N passed, N failed" summed over the runners.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.data', 'test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const report = (name) => path.join(results, `${name}.json`);

const steps = [
  { name: 'architecture rules', cmd: ['npm', 'run', 'lint:arch'] },
  { name: 'eslint', cmd: ['npm', 'run', 'lint:eslint'] },
  { name: 'backend unit', cmd: ['npm', 'run', 'test:unit', '-w', 'backend', '--', '--json', `--outputFile=${report('unit')}`], report: 'unit' },
  { name: 'backend integration', cmd: ['npm', 'run', 'test:int', '-w', 'backend', '--', '--json', `--outputFile=${report('int')}`], report: 'int' },
  {
    name: 'frontend',
    cmd: ['npm', 'run', 'test', '-w', 'frontend', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report('web')}`],
    report: 'web',
  },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'browser',
    cmd: ['npm', 'run', 'test:e2e', '-w', 'frontend', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report('e2e')}`],
    report: 'e2e',
  },
];

let passed = 0;
let failed = 0;
const timings = [];
let failedStep;
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report && fs.existsSync(report(step.report))) {
    const r = JSON.parse(fs.readFileSync(report(step.report), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  }
  timings.push(`${run.status === 0 ? '✔' : '✘'} ${step.name} (${seconds} s)`);
  if (run.status !== 0) {
    failedStep = step.name;
    if (!step.report) failed += 1;
    break;
  }
}

console.log(`\n${timings.join('\n')}`);
if (failedStep) console.log(`\nFailed at: ${failedStep}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
