// The adapter against the fake LibreTranslate server on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { fakeTranslation, startLibreTranslateFake } from '../../tests/fakes/libretranslate.js';
import { libreTranslate } from './libretranslate.js';

let fake: Awaited<ReturnType<typeof startLibreTranslateFake>>;
beforeAll(async () => {
  fake = await startLibreTranslateFake({ apiKey: 'secret' });
});
beforeEach(() => {
  fake.mode('ok');
  fake.requests.length = 0;
});
afterAll(() => fake?.close());

test('several texts go as an array and come back in order, with the key', async () => {
  const translate = libreTranslate({ url: fake.url, apiKey: 'secret' });
  expect(await translate(['Hello world', 'the thread'], 'de')).toEqual(['[de] hallo Welt', '[de] der Faden']);
  expect(fake.requests).toEqual([{ q: ['Hello world', 'the thread'], source: 'auto', target: 'de', format: 'text', api_key: 'secret' }]);
});

test('one text goes as a string; a base URL with a trailing slash works too', async () => {
  const translate = libreTranslate({ url: `${fake.url}/`, apiKey: 'secret' });
  expect(await translate(['good morning'], 'de')).toEqual([fakeTranslation('good morning', 'de')]);
  expect(fake.requests[0]!.q).toBe('good morning');
});

test("errors name the status and the server's message", async () => {
  await expect(libreTranslate({ url: fake.url, apiKey: 'wrong' })(['a'], 'de')).rejects.toThrow('translation server answered 403: Invalid API key');
  fake.mode('fail');
  await expect(libreTranslate({ url: fake.url, apiKey: 'secret' })(['a'], 'de')).rejects.toThrow(/answered 500/);
});

test('a server that does not answer is given up after the timeout', async () => {
  fake.mode('hang');
  // The fake never answers: only the client's own timeout can end the call, and it says so.
  await expect(libreTranslate({ url: fake.url, apiKey: 'secret', timeoutMs: 200 })(['a'], 'de')).rejects.toThrow(/timeout|aborted/i);
});
