import { defineConfig } from 'vitest/config';

// Test files that start servers, databases or browsers run each in a fresh process; unit, property
// and component tests share their workers' module graphs (about half the CPU of a fresh process
// per file), one project for Node's tests and one for the browser-like ones.
const SERVER_TESTS = ['**/*.int.test.ts', '**/*.crash.test.ts', 'tests/e2e/**/*.test.ts'];
const WEB_TESTS = ['web/src/**/*.test.{ts,tsx}'];
const NODE_TESTS = ['services/**/*.test.ts', 'workflows/**/*.test.ts', 'mocks/**/*.test.ts', 'tests/**/*.test.ts'];
const exclude = ['node_modules/**', 'dist/**', 'data/**', '.tools/**', 'tests/bench/**'];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/vitest-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      // expect.poll waits up to 10 s, not vitest's 1 s: a server or a browser under a full run's load
      // took longer than a second to show what it shows at once alone (a settings change followed on
      // another device, in a clean-clone CI run).
      { extends: true, test: { name: 'servers', include: SERVER_TESTS, exclude, expect: { poll: { timeout: 10_000 } } } },
      // Shared workers: module state lives on between files, so these files keep none at module level.
      { extends: true, test: { name: 'unit', include: NODE_TESTS, exclude: [...exclude, ...SERVER_TESTS], isolate: false } },
      { extends: true, test: { name: 'web', include: WEB_TESTS, exclude, isolate: false } },
    ],
  },
});
