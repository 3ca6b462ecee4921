/** Unit tier: *.spec.ts beside the code; nothing external. */
module.exports = {
  rootDir: 'src',
  testEnvironment: 'node',
  testRegex: '.*\\.spec\\.ts$',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
};
