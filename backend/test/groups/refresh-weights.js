#!/usr/bin/env node
/**
 * Rewrites weights.json from jest's record of each file's last duration, kept in its cache after a
 * per-file run of the integration tier (`npm run test:int -w backend`). See plan.js.
 */
const fs = require('node:fs');
const path = require('node:path');
const { BACKEND, SPEC } = require('./plan');

const cacheDir = require('jest-config').defaults.cacheDirectory;
const perf = fs
  .readdirSync(cacheDir)
  .filter((f) => f.startsWith('perf-cache-'))
  .map((f) => path.join(cacheDir, f))
  .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const weights = {};
for (const cache of perf) {
  for (const [file, [, ms]] of Object.entries(cache)) {
    if (file.startsWith(BACKEND) && SPEC.test(file)) weights[path.relative(BACKEND, file).split(path.sep).join('/')] = Math.round(ms / 100) / 10;
  }
}
if (Object.keys(weights).length === 0) throw new Error(`No per-file durations in ${cacheDir}: run npm run test:int -w backend first`);
const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(__dirname, 'weights.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`weights.json: ${Object.keys(sorted).length} files`);
