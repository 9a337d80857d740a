import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Fails a test that writes to console.error or console.warn without expecting it. */
const failOnConsole = './scripts/test/fail-on-console.ts';

const serverProject = (name: string, driver: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
    // Tests of what only a server with several connections does (PGlite has one) run on
    // PostgreSQL only; the start-up tests spawn servers with their own database settings, so a
    // second run on PostgreSQL would repeat the same processes.
    exclude: [
      ...configDefaults.exclude,
      ...(driver === 'pg'
        ? ['packages/server/test/startup-errors.test.ts']
        : ['packages/server/test/postgres/**']),
    ],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    setupFiles: [failOnConsole],
    env: { PROMPTLOOM_TEST_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The CLI runs as a real process; its API tests (a server with access tokens) run on PGlite
 * always and, like the server suite, again on PostgreSQL (only the files that use the API).
 */
const cliProject = (name: string, driver: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include:
      driver === 'pg' ? ['packages/cli/test/server.test.ts'] : ['packages/cli/test/**/*.test.ts'],
    environment: 'node',
    setupFiles: [failOnConsole],
    // The bundle the tests run (built once per run), and the server's migrated templates.
    globalSetup: ['packages/cli/test/global-setup.ts', 'packages/server/test/global-setup.ts'],
    env: { PROMPTLOOM_TEST_DRIVER: driver },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when CI provides one.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Two server processes on one PostgreSQL and one Redis (decision 039): only where both exist.
const withInstances = withPostgres && Boolean(process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    // The last line of every run is `N passed, N failed` (CI reads it).
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsole],
          // Worker threads load tokenizers and grammars; 2 cores are shared by many suites.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-pg', 'pg')] : []),
      cliProject('cli', 'pglite'),
      ...(withPostgres ? [cliProject('cli-pg', 'pg')] : []),
      // The web project lives in the web package's vite.config.ts (its plugins, its root).
      'packages/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(withInstances ? [] : ['e2e/instances.test.ts'])],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // Files run two at a time beside the other projects' files (one pool, maxWorkers):
          // a browser test mostly waits on Chromium and the server, and a serial project would
          // run alone after all the others. Each test has its own user and client address.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
