import { defineConfig } from 'vitest/config';

/**
 * Files that run alone, after the others: each asserts a wall-clock bound of its own (a plan within its time limit, a
 * short run's first step within its minutes), which a second file on the other core would stretch. Keep this list short:
 * a check that counts steps, rounds or plans rather than seconds runs beside another file.
 */
const ALONE = ['tests/integration/classical-parallel.test.ts', 'tests/unit/jampr/train-first-step.test.ts'];

/** What both projects share. The global setup is the root's alone: a project that extended it would build again. */
const shared = { testTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    globalSetup: ['tests/integration/fixtures/build-cli.ts', 'tests/integration/fixtures/build-renderer.ts'],
    projects: [
      {
        // Two files at once: CI's machine has two cores, and most files wait on child processes, servers and disks.
        test: {
          ...shared,
          name: 'two-at-once',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
        },
      },
      // maxWorkers 1: vitest runs these after the group above has finished, one file at a time.
      { test: { ...shared, name: 'alone', include: ALONE, maxWorkers: 1 } },
    ],
  },
});
