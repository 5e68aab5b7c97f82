// A removal that ended in error is started again by the sweep under the next retry's id, up to
// REMOVAL_RETRIES times; a removal under way or done keeps its id (starting it again is a no-op).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { REMOVAL_RETRIES, removalAttemptId } from './connector-removal.js';

const BASE = 'connector-removal-c1-delete';
const ids = [BASE, ...Array.from({ length: REMOVAL_RETRIES }, (_, i) => `${BASE}-retry-${i + 1}`)];

test('the first id not ended in error is the one started; none once all ended in error', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom('ERROR', 'SUCCESS', 'PENDING', 'ENQUEUED', null), { minLength: ids.length, maxLength: ids.length }),
      async (statuses) => {
        const statusOf = async (id: string) => statuses[ids.indexOf(id)] ?? null;
        const first = statuses.findIndex((s) => s !== 'ERROR');
        expect(await removalAttemptId(BASE, statusOf)).toBe(first === -1 ? null : ids[first]);
      },
    ),
  );
});

test('a removal never started, or under way, keeps its own id', async () => {
  expect(await removalAttemptId(BASE, async () => null)).toBe(BASE);
  expect(await removalAttemptId(BASE, async (id) => (id === BASE ? 'PENDING' : null))).toBe(BASE);
  expect(await removalAttemptId(BASE, async (id) => (id === BASE ? 'ERROR' : null))).toBe(`${BASE}-retry-1`);
});
