/** Unit tier: *.spec.ts beside the code; nothing external. */
module.exports = {
  rootDir: 'src',
  testEnvironment: 'node',
  testRegex: '.*\\.spec\\.ts$',
  transform: require('./jest.transform'),
  moduleFileExtensions: ['ts', 'js', 'json'],
};
