import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/**/*.test.ts', 'workflows/**/*.test.ts', 'mocks/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'data/**', '.tools/**', 'tests/bench/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/vitest-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
