// One jest for the whole repo, split in projects so `npm test` can run them in stages.
// TypeScript is stripped by swc (type checking is `npm run typecheck`).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that jest (CommonJS) must transform too (ky, jose; msw's helpers).
const esmOnly = ['ky', 'jose', 'rettime', 'until-async', '@open-draft', 'request-filtering-agent'].join('|');
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

// The rules folders of the shell and the remotes (an app's own or one feature's).
const APP_RULES = '{shell,mf-public-intake,mf-staff-dashboard,mf-user-admin}/src/**/rules';

/** @type {import('jest').Config} */
module.exports = {
  // Coverage is reported for the package every app and the api rely on, and for the rules each
  // app keeps in its own rules folders (docs/adr/0014: a rule lives where it is used); npm test
  // runs the unit project with --coverage, and the thresholds keep the rules exhaustively tested.
  collectCoverageFrom: [
    'shared-contracts/src/**/*.{ts,tsx}',
    `${APP_RULES}/*.ts`,
    '!shared-contracts/src/**/index.ts',
    '!**/*.test.{ts,tsx}',
  ],
  coverageThreshold: {
    './shared-contracts/src/': { lines: 95, branches: 95 },
    [`./${APP_RULES}/*.ts`]: { lines: 95, branches: 95 },
  },
  coverageReporters: ['text-summary', 'json-summary'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: '<rootDir>/shared-contracts/testing/jsdomEnvironment.js',
      setupFilesAfterEnv: ['<rootDir>/shared-contracts/testing/setupDom.ts'],
      roots: [
        '<rootDir>/shared-contracts',
        '<rootDir>/shell',
        '<rootDir>/mf-public-intake',
        '<rootDir>/mf-staff-dashboard',
        '<rootDir>/mf-user-admin',
      ],
      testMatch: ['**/src/**/*.test.ts?(x)'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/shared-contracts/testing/assetStub.js' },
    },
    {
      ...common,
      displayName: 'api',
      // Node's environment plus PGlite and a few ESM-only packages loaded outside jest's sandbox.
      testEnvironment: '<rootDir>/api/test/support/apiTestEnvironment.ts',
      setupFilesAfterEnv: ['<rootDir>/api/test/support/setupTimeout.ts'],
      roots: ['<rootDir>/api'],
      testMatch: ['**/test/**/*.test.ts'],
    },
    {
      ...common,
      // `npm run test:faults`: real api processes, PostgreSQL servers of its own that it stops and
      // restarts, nginx in front of two instances, backups restored. Only 127.0.0.1, bounded in time.
      displayName: 'faults',
      // The api tests' environment: the scenarios reuse their helpers (sessions, forms, databases).
      testEnvironment: '<rootDir>/api/test/support/apiTestEnvironment.ts',
      setupFilesAfterEnv: ['<rootDir>/api/test/support/setupTimeout.ts'],
      roots: ['<rootDir>/api'],
      testMatch: ['**/api/faults/**/*.test.ts'],
    },
    {
      ...common,
      // The toolchain itself: every npm script runs on the pinned Node 24 (docs/adr/0047).
      displayName: 'toolchain',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testMatch: ['**/scripts/test/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/e2e/tests/**/*.test.ts'],
      globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/e2e/support/globalTeardown.ts',
      // Browser tests wait for pages, builds and the api: 120 s each (the project-level
      // testTimeout option is not honoured, so it is set in this file).
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setupTimeout.ts'],
    },
  ],
};
