/**
 * The integration tier as `npm test` runs it: the test files in groups that share their loaded
 * modules (test/groups/plan.js), and the few that must run alone as their own test files.
 * `jest.int.config.js` runs every file on its own (and any one file: `npm run test:int -w backend
 * -- test/billing/….int-spec.ts`).
 */
const base = require('./jest.int.config');
const { plan } = require('./test/groups/plan');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  ...base,
  testRegex: ['/test/groups/\\d+\\.int-group\\.ts$', ...plan().alone.map((file) => `/${escape(file)}$`)],
};
