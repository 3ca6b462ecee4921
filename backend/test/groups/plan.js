/**
 * Which integration test files share a jest test file (issue 25). Shared by the grouped config
 * (jest.int-groups.config.js, what `npm test` runs) and the group files (NN.int-group.ts).
 *
 * Jest gives every test file a module registry of its own, so each of the 88 files loaded the
 * whole app again (2,400 modules, about 1.4 CPU-s beyond what the file's tests need). A group
 * file requires its members inside one describe each: they share the loaded modules and still
 * get their own app, database and hooks (a member's top-level beforeAll/afterAll belong to its
 * describe).
 *
 * A file runs alone, as its own jest test file, when it replaces or watches a module or the
 * environment (jest.mock, spyOn, fake timers, process.env assignments): that would leak into the
 * files loaded beside it.
 *
 * Members are spread over the groups longest first, each to the group with the least work so far,
 * by the seconds in weights.json (a file not listed counts as the median). The weights only
 * balance the groups; stale ones make a group longer, never change what runs. Refresh them after a
 * per-file run (`npm run test:int -w backend`) with `node test/groups/refresh-weights.js`.
 */
const fs = require('node:fs');
const path = require('node:path');

const BACKEND = path.resolve(__dirname, '..', '..');
// What an integration test file is, as the per-file config says: its roots and its test pattern.
const perFile = require('../../jest.int.config');
const ROOTS = perFile.roots.map((root) => path.relative(BACKEND, root.replace('<rootDir>', BACKEND)));
const SPEC = new RegExp(perFile.testRegex);
const ALONE =
  /\bjest\.(mock|doMock|unmock|spyOn|useFakeTimers|isolateModules|resetModules|replaceProperty)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env/;

/** Every integration test file, relative to backend/, in path order. */
function intSpecs() {
  const files = [];
  for (const root of ROOTS) {
    for (const file of fs.readdirSync(path.join(BACKEND, root), { recursive: true, encoding: 'utf8' })) {
      if (SPEC.test(file) && !file.split(path.sep).includes('node_modules')) files.push(path.join(root, file).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** The group files (NN.int-group.ts), in name order. */
function groupFiles() {
  return fs
    .readdirSync(__dirname)
    .filter((f) => /\.int-group\.ts$/.test(f))
    .sort();
}

/** { alone: files run as their own test file, groups: one list of members per group file } */
function plan() {
  const alone = [];
  const grouped = [];
  for (const file of intSpecs()) {
    (ALONE.test(fs.readFileSync(path.join(BACKEND, file), 'utf8')) ? alone : grouped).push(file);
  }
  const weights = JSON.parse(fs.readFileSync(path.join(__dirname, 'weights.json'), 'utf8'));
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weight = (file) => weights[file] ?? median;
  const groups = groupFiles().map(() => ({ members: [], load: 0 }));
  if (groups.length === 0) return { alone: alone.concat(grouped), groups: [] };
  const longestFirst = [...grouped].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const lightest = groups.reduce((best, g) => (g.load < best.load ? g : best));
    lightest.members.push(file);
    lightest.load += weight(file);
  }
  return { alone, groups: groups.map((g) => g.members.sort()) };
}

module.exports = { BACKEND, SPEC, plan, groupFiles };
