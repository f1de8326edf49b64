// StrykerJS over the TypeScript that holds rules: the emulator's domain, the SDK façade and the
// Node platform. Run it through `npm run mutate` (scripts/mutate/run.mjs), which runs it file by
// file against the tests that cover each file, incrementally and within a time budget; see
// TESTING.md. Not part of `npm test`.
//
// The mutators are the ones that make a rule slip — a comparison, an arithmetic step, a
// condition, a logical operator, a boolean, a unary or update operator, an assignment. Mutants of
// message texts, object and array literals, regular expressions, removed blocks and optional
// chaining are left out: they change what a reply says, not which requests a rule lets through,
// and the contract tests pin the replies.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  // run.mjs passes one file (--mutate) and its tests (--testFiles); these are the defaults of a
  // direct `npx stryker run`.
  mutate: ['lib/emulator/domain/**/*.ts', 'lib/sdk/**/*.ts', 'lib/platform/**/*.ts', '!**/*.generated.ts', '!**/*.d.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.mts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutator: {
    excludedMutations: ['StringLiteral', 'ObjectLiteral', 'ArrayDeclaration', 'Regex', 'BlockStatement', 'OptionalChaining', 'ArrowFunction'],
  },
  // Two cores shared with other engineers: one test process at a time.
  concurrency: 1,
  timeoutMS: 20_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'json', 'html', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox is a copy of the sources, the tests and the built dist/ (the child processes of
  // some end-to-end tests load the package from dist/; the mutants are in lib/, which the tests
  // themselves import): the build trees are big and the addon is found through SDKPP_PREBUILD
  // (set by scripts/mutate/run.mjs to this checkout).
  ignorePatterns: [
    '/build', '/build-*', '/prebuilds',
    // native/ without its vendored libraries and fuzzing corpora: the limits table's tests read
    // limits.h and the native tests that pin each limit.
    '/native/third_party', '/native/fuzz', '/reports', '/coverage', '/.cache',
    '*.tgz', '/scripts/cross', '/scripts/prebuild',
  ],
  thresholds: { high: 90, low: 80, break: null },
};
