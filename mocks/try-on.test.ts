// The mock try-on applies the server's hourly limit by the server's rule (checkGenerationAllowed
// over the images kept that were made in the last hour): at the limit, neither an avatar nor a
// try-on is made, with the server's problem; older images, or ones deleted since, do not count.
import { setupServer } from 'msw/node';
import { afterEach, expect, test } from 'vitest';
import type { TryOnEvent } from '../services/shopping/events';
import { TRY_ON_IMAGES_PER_HOUR } from '../services/shopping/pure';
import { createScenario } from './handlers';
import { DEMO_ACCOUNT, initialState } from './scenarios';

let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

const made = (n: number, minutesAgo: number, prefix: string): TryOnEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'TryOnAvatarGenerated',
    data: {
      user_id: DEMO_ACCOUNT.id,
      image_id: `${prefix}-${i}`,
      object_key: `try-on/${DEMO_ACCOUNT.id}/${prefix}-${i}`,
      content_type: 'image/png',
      with_selfie: false,
      generated_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    },
  }));

function start(events: TryOnEvent[]) {
  const state = initialState('signed-in');
  state.tryOn = { [DEMO_ACCOUNT.id]: events };
  server = setupServer(...createScenario('signed-in', { streamDelayMs: 0, state }).handlers);
  server.listen();
  return async (path: string, body: unknown) => {
    const res = await fetch(`http://app.test/rest/shopping/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
}

test('at the hourly limit, no avatar and no try-on is made: 429 try_on_rate_limited', async () => {
  const call = start(made(TRY_ON_IMAGES_PER_HOUR, 10, 'recent'));
  const avatar = await call('try-on-photo/generate-avatar', { user_image_url: 'http://app.test/storage/mock-images/public/images/x' });
  expect([avatar.status, avatar.json.code, avatar.json.detail]).toEqual([
    429,
    'try_on_rate_limited',
    'Too many images made in the last hour. Try again later.',
  ]);
  const tryOn = await call('generate-shopping-try-on', {
    image_url: '/rest/shopping/try-on-photo/images/recent-0',
    product_image_url: 'https://shop.example/a.png',
  });
  expect([tryOn.status, tryOn.json.code]).toEqual([429, 'try_on_rate_limited']);
});

test('images older than an hour, and deleted ones, do not count', async () => {
  const deleted: TryOnEvent = { type: 'TryOnAvatarDeleted', data: { user_id: DEMO_ACCOUNT.id, image_id: 'recent-0', deleted_at: new Date().toISOString() } };
  const call = start([...made(TRY_ON_IMAGES_PER_HOUR, 90, 'old'), ...made(TRY_ON_IMAGES_PER_HOUR, 10, 'recent'), deleted]);
  // Past the limit check, to the next rule the server applies: the avatar named is not one the person can use here.
  const tryOn = await call('generate-shopping-try-on', {
    image_url: '/rest/shopping/try-on-photo/images/old-0',
    product_image_url: 'https://shop.example/a.png',
  });
  expect(tryOn.json.code).toBe('try_on_avatar_not_found');
});
