/**
 * Integration tier: real PostgreSQL (DATABASE_URL if set, else an embedded cluster started by
 * globalSetup). Test files run in parallel; each creates and drops its own database.
 */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testRegex: '.*\\.int-spec\\.ts$',
  transform: require('./jest.transform'),
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
};
