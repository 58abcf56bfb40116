import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/integration/fixtures/build-cli.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
