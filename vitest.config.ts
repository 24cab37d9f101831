import { defineConfig } from 'vitest/config';

// One run: unit tests, server tests on PGlite and (when TEST_DATABASE_URL is set) on PostgreSQL.
// End-to-end tests are their own project, run after the build (see package.json "test").
const server = (name: string, engine: string) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      server('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
