import { defineConfig } from 'vitest/config';

/**
 * The server suites run on the embedded database (PGlite) always, and a second time on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name, env: { VAULTLINE_TEST_DB: database } },
});

export default defineConfig({
  test: {
    // Vitest's default is the cores less one: one file at a time on two cores, while the server
    // files spend much of their time waiting on PostgreSQL, timers and child processes.
    maxWorkers: 2,
    // Tests that need a service: scripts/test.mjs fails the run when its URL is set and they were skipped.
    tags: [
      { name: 'postgres', description: 'needs PostgreSQL (TEST_DATABASE_URL)' },
      { name: 'redis', description: 'needs Redis (REDIS_URL)' },
    ],
    projects: [
      'packages/shared',
      'apps/web',
      'bench',
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
