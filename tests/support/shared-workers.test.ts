import { expect, test } from 'vitest';
import { canShareWorker, valueImports } from './shared-workers.js';

test('value imports: type-only imports are left out, side-effect and dynamic imports kept', () => {
  const source = [
    "import type { Db } from '../../services/db/database.js';",
    "import { type Actor, type Who } from '../../services/shared/actor.js';",
    "import {\n  startServerProcess,\n  type ServerProcess,\n} from '../support/server-process.js';",
    "import pg from 'pg';",
    "import '../support/polyfill.js';",
    "const m = await import('../../workflows/answer.js');",
  ].join('\n');
  expect(valueImports(source)).toEqual(['../support/server-process.js', 'pg', '../support/polyfill.js', '../../workflows/answer.js']);
});

test('a file that drives the app as a child process shares its worker; one that loads the app, mocks or fakes the clock does not', () => {
  const childOnly = "import { startServerProcess } from '../support/server-process.js';\nimport type { Db } from '../../services/db/database.js';";
  expect(canShareWorker('tests/integration/a.int.test.ts', childOnly)).toBe(true);
  expect(canShareWorker('tests/integration/a.int.test.ts', `${childOnly}\nimport { appendEvents } from '../../services/eventstore/store.js';`)).toBe(false);
  expect(canShareWorker('tests/integration/a.int.test.ts', `${childOnly}\nvi.mock('pg');`)).toBe(false);
  expect(canShareWorker('tests/integration/a.int.test.ts', `${childOnly}\nvi.useFakeTimers();`)).toBe(false);
  // Beside the app's code, a test file imports it relatively: never shared.
  expect(canShareWorker('services/files/a.int.test.ts', childOnly)).toBe(false);
});
