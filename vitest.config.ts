import { defineConfig } from 'vitest/config';
import { sharedWorkerFiles } from './tests/support/shared-workers.js';

// Test files that start servers or databases in-process, or load the app's code, run each in a fresh
// process; the others share their workers' module graphs (about half the CPU of a fresh process per file): the
// browser tests (each drives its own server process and Chromium, and keeps nothing in the
// modules it shares: 1.2 s of CPU less a file), and one project for Node's unit tests and one for
// the browser-like ones.
const SERVER_TESTS = ['**/*.int.test.ts', '**/*.crash.test.ts'];
const BROWSER_TESTS = ['tests/e2e/**/*.test.ts'];
const WEB_TESTS = ['web/src/**/*.test.{ts,tsx}', 'extension/src/**/*.test.ts'];
const NODE_TESTS = ['services/**/*.test.ts', 'workflows/**/*.test.ts', 'mocks/**/*.test.ts', 'tests/**/*.test.ts'];
// expect.poll waits up to 10 s, not vitest's 1 s: a server or a browser under a full run's load took
// longer than a second to show what it shows at once alone (a settings change followed on another
// device, in a full run).
const POLL = { poll: { timeout: 10_000 } };
const exclude = ['node_modules/**', 'dist/**', 'data/**', '.tools/**', 'tests/bench/**'];
// The server files that drive the app only as child processes share their workers (shared-workers.ts).
const SHARED_SERVER_TESTS = sharedWorkerFiles(SERVER_TESTS, exclude);

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Four files at a time on two cores: files wait on servers, timers and workflows, so fewer left
    // the cores idle. make test-only, measured: 820 s with two, 770 s with three; then, back to back
    // on one head, 814.1 s with three and 762.7 s with four (CPU busy 89% and 91%, all passed).
    // The browser tests run first, two at a time: three servers and three Chromiums at once made
    // a file's uploads miss their 30 s (a clean-clone CI run).
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'browsers', include: BROWSER_TESTS, exclude, isolate: false, expect: POLL, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'servers', include: SERVER_TESTS, exclude: [...exclude, ...SHARED_SERVER_TESTS], expect: POLL, sequence: { groupOrder: 1 } },
      },
      { extends: true, test: { name: 'servers-shared', include: SHARED_SERVER_TESTS, exclude, isolate: false, expect: POLL, sequence: { groupOrder: 1 } } },
      // Shared workers: module state lives on between files, so these files keep none at module level.
      {
        extends: true,
        test: { name: 'unit', include: NODE_TESTS, exclude: [...exclude, ...SERVER_TESTS, ...BROWSER_TESTS], isolate: false, sequence: { groupOrder: 1 } },
      },
      // Only the web files need the DOM matchers and the clean-up between files (vitest-setup.ts); loading them cost
      // every other file 0.15-0.3 s.
      {
        extends: true,
        test: { name: 'web', include: WEB_TESTS, exclude, isolate: false, setupFiles: ['tests/support/vitest-setup.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
