// Translation through the real server: with TRANSLATE_URL at a fake LibreTranslate, the texts
// come back translated into the Accept-Language, in order; when the translation server fails, or
// none is configured, the originals come back (seeds: "On failure the original content is
// returned."); an empty list of texts is a 400 problem+json.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { fakeTranslation, startLibreTranslateFake } from '../fakes/libretranslate.js';
import { createTestDatabase } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let databases: { url: string; drop: () => Promise<void> }[] = [];
let server: ServerProcess;
let unconfigured: ServerProcess;
let fake: Awaited<ReturnType<typeof startLibreTranslateFake>>;

beforeAll(async () => {
  fake = await startLibreTranslateFake({ apiKey: 'test-key' });
  databases = await Promise.all([createTestDatabase('translation'), createTestDatabase('translation_off')]);
  [server, unconfigured] = await Promise.all([
    startServerProcess({ databaseUrl: databases[0]!.url, env: { TRANSLATE_URL: fake.url, TRANSLATE_API_KEY: 'test-key' } }),
    startServerProcess({ databaseUrl: databases[1]!.url }),
  ]);
});
beforeEach(() => {
  fake.mode('ok');
  fake.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([server?.stop(), unconfigured?.stop()]);
  await fake?.close();
  await Promise.all(databases.map((d) => d.drop()));
});

const translate = (base: string, body: unknown, language?: string) =>
  fetch(`${base}/rest/translation/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
    body: JSON.stringify(body),
  });

const TEXTS = ['Hello world', 'Share the thread [1].', '', 'A good answer is a link.'];

test('texts come back translated into the Accept-Language, in order', async () => {
  const res = await translate(server.url, { texts: TEXTS }, 'de-CH,de;q=0.9,en;q=0.8');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    translated_texts: ['[de] hallo Welt', '[de] teilen der Faden [1].', '', '[de] ein gut Antwort ist ein Link.'],
    translated: true,
    target_language: 'de',
  });
  // Blank texts are not sent; the rest go in one request with the key.
  expect(fake.requests).toEqual([
    { q: ['Hello world', 'Share the thread [1].', 'A good answer is a link.'], source: 'auto', target: 'de', format: 'text', api_key: 'test-key' },
  ]);
});

test('without Accept-Language the target is English', async () => {
  const body = await (await translate(server.url, { texts: ['Guten Morgen'] })).json();
  expect(body).toEqual({ translated_texts: [fakeTranslation('Guten Morgen', 'en')], translated: true, target_language: 'en' });
});

test('the translation server failing: the originals, not translated, and a warning in the log', async () => {
  fake.mode('fail');
  const res = await translate(server.url, { texts: TEXTS }, 'de');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ translated_texts: TEXTS, translated: false, target_language: 'de' });
  await expect.poll(() => server.logs()).toContain('translation failed; returning the original texts');
  expect(server.logs()).toContain('translation server answered 500: Translation engine crashed');
});

test('a wrong number of translated texts: the originals', async () => {
  fake.mode('short');
  expect(await (await translate(server.url, { texts: ['Hello', 'world'] }, 'de')).json()).toEqual({
    translated_texts: ['Hello', 'world'],
    translated: false,
    target_language: 'de',
  });
});

test('no TRANSLATE_URL: the originals, not translated', async () => {
  const res = await translate(unconfigured.url, { texts: TEXTS }, 'fr');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ translated_texts: TEXTS, translated: false, target_language: 'fr' });
  expect(fake.requests).toEqual([]);
});

test('an empty list of texts is a 400 problem+json', async () => {
  const res = await translate(server.url, { texts: [] }, 'de');
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await res.json()).toMatchObject({ status: 400, code: expect.any(String), title: 'Bad Request' });
  expect(fake.requests).toEqual([]);
});
