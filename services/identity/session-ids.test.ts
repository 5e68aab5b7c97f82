// The remembered session ids: a hit costs no load, an entry lasts its TTL, and forgetting wins
// over a load that was already under way.
import { expect, test } from 'vitest';
import { createSessionIds } from './session-ids.js';

function counting(result: string | null) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    return result;
  };
  return { calls, load };
}

test('a remembered cookie is answered without loading; another cookie is loaded', async () => {
  const ids = createSessionIds({ now: () => 0 });
  const ada = counting('ada');
  expect(await ids.userIdOf('a=1', ada.load)).toBe('ada');
  expect(await ids.userIdOf('a=1', ada.load)).toBe('ada');
  expect(ada.calls.n).toBe(1);
  const nobody = counting(null);
  expect(await ids.userIdOf('', nobody.load)).toBeNull();
  expect(await ids.userIdOf('', nobody.load)).toBeNull();
  expect(nobody.calls.n).toBe(1);
});

test('an entry is loaded again once its time is up', async () => {
  let now = 1_000;
  const ids = createSessionIds({ ttlMs: 5_000, now: () => now });
  const ada = counting('ada');
  await ids.userIdOf('a=1', ada.load);
  now += 4_999;
  await ids.userIdOf('a=1', ada.load);
  expect(ada.calls.n).toBe(1);
  now += 2;
  await ids.userIdOf('a=1', ada.load);
  expect(ada.calls.n).toBe(2);
});

test('forgetAll drops every entry, and a load under way at that moment is not remembered', async () => {
  const ids = createSessionIds({ now: () => 0 });
  const ada = counting('ada');
  await ids.userIdOf('a=1', ada.load);
  ids.forgetAll();
  await ids.userIdOf('a=1', ada.load);
  expect(ada.calls.n).toBe(2);

  let release!: () => void;
  const slow = async () => {
    await new Promise<void>((r) => {
      release = r;
    });
    return 'ada';
  };
  const pending = ids.userIdOf('b=2', slow);
  ids.forgetAll();
  release();
  expect(await pending).toBe('ada');
  const after = counting(null);
  expect(await ids.userIdOf('b=2', after.load)).toBeNull();
  expect(after.calls.n).toBe(1);
});

test('the whole session user is remembered too, frozen, and forgotten with the ids', async () => {
  const ids = createSessionIds({ now: () => 0 });
  let loads = 0;
  const load = async () => {
    loads++;
    return {
      id: 'ada',
      name: `Ada ${loads}`,
      email: 'ada@example.com',
      email_verified: true,
      org_uuid: null,
      subscription_status: 'none' as const,
      subscription_source: 'stripe' as const,
      subscription_plan: 'free' as const,
      capabilities: { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
      isGovernmentRequestOrigin: false,
    };
  };
  const first = await ids.userOf('a=1', load);
  expect(await ids.userOf('a=1', load)).toBe(first);
  expect(loads).toBe(1);
  expect(Object.isFrozen(first)).toBe(true);
  expect(await ids.userIdOf('a=1', async () => 'ada')).toBe('ada');
  ids.forgetAll();
  expect((await ids.userOf('a=1', load))?.name).toBe('Ada 2');
});
