// Odd input found by the fuzz test (tests/contract/fuzz.int.test.ts) answered 500; each is a 4xx
// problem+json with a stable code now: a NUL character or half a surrogate pair anywhere in a
// request, a list limit of Infinity, two organisations with one name created at the same moment.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { askAndWait, signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let ada: Browser;
let thread: { thread_url_slug: string };
let space: { uuid: string };
beforeAll(async () => {
  database = await createTestDatabase('hostile');
  server = await startServerProcess({ databaseUrl: database.url, env: { WELCOME_MAIL_DELAY_SECONDS: '0' } });
  ada = await signedUp(server.url, 'Ada');
  thread = await askAndWait(server.url, ada, 'how do I share a thread?');
  space = (await ada.post('/rest/collections/create_collection', { title: 'Garden' })).json;
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function expectProblem(res: Sent, status: number, code: string) {
  expect({ status: res.status, code: res.json?.code }, res.text).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
}

describe('a NUL character is refused at the edge (PostgreSQL cannot store it in text)', () => {
  test('in a path parameter', async () => {
    expectProblem(await ada.get('/rest/thread/%00'), 400, 'invalid_character');
    expectProblem(await ada.post('/rest/thread/a%00b/access-requests'), 400, 'invalid_character');
  });

  test('in a query parameter', async () => {
    expectProblem(await ada.get('/rest/threads?q=tea%00'), 400, 'invalid_character');
    expectProblem(await ada.get('/rest/collections/get_collection?collection_slug=%00'), 400, 'invalid_character');
  });

  test('in a JSON body, in a value or a key, however deep', async () => {
    expectProblem(await ada.post('/rest/collections/create_collection', { title: 'Gar\u0000den' }), 400, 'invalid_character');
    expectProblem(await ada.send('PUT', `/rest/thread/${thread.thread_url_slug}`, { json: { title: '\u0000' } }), 400, 'invalid_character');
    expectProblem(await ada.post(`/rest/collections/edit_collection/${space.uuid}`, { description: 'a\u0000' }), 400, 'invalid_character');
    expectProblem(await ada.post('/rest/translation/translate', { texts: ['ok', 'n\u0000'], target_language: 'de' }), 400, 'invalid_character');
    expectProblem(await ada.post('/rest/collections/create_collection', { 'ti\u0000tle': 'x' }), 400, 'invalid_character');
  });

  test('half a surrogate pair is refused too (jsonb cannot store it); other odd text is kept as sent', async () => {
    expectProblem(await ada.post('/rest/collections/create_collection', { title: 'x\uD800' }), 400, 'invalid_character');
    expectProblem(await ada.post('/rest/collections/create_collection', { title: '\uDE00x' }), 400, 'invalid_character');
    const res = await ada.post('/rest/collections/create_collection', { title: '\u202Eevil\u200B 👩‍👩‍👧 مرحبا' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.title).toBe('\u202Eevil\u200B 👩‍👩‍👧 مرحبا');
  });
});

describe('list limits and offsets that are not whole numbers in range are refused', () => {
  const lists = ['/rest/threads', '/rest/collections/list_user_collections', `/rest/collections/list_collection_threads?collection_uuid=SPACE&`];
  for (const value of ['Infinity', '-Infinity', '1e999', 'NaN', '1e3', '0x10', '1.5']) {
    test(`limit=${value}`, async () => {
      for (const list of lists) {
        const url = `${list.replace('SPACE', space.uuid)}${list.includes('?') ? '' : '?'}limit=${value}`;
        expectProblem(await ada.get(url), 400, 'invalid_request');
      }
      expectProblem(await ada.get(`/rest/collections/${space.uuid}/files?limit=${value}`), 400, 'invalid_request');
      expectProblem(await ada.get(`/rest/threads?offset=${value}`), 400, 'invalid_request');
    });
  }
  test('a plain whole number still works', async () => {
    expect((await ada.get('/rest/threads?limit=5&offset=0')).status).toBe(200);
  });
});

test('two organisations created at the same moment with the same name: one is made, the other is told the name is taken', async () => {
  const people = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => signedUp(server.url, `Org ${n}`)));
  // Several rounds: the race (both pass the "is it taken?" check, one insert then fails) is likely in at least one.
  for (let round = 0; round < 5; round++) {
    const name = `Same Name ${round} Ltd`;
    const results = await Promise.all(people.map((p) => p.post('/rest/organizations', { name })));
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).toEqual([201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status !== 201)) expectProblem(refused, 409, 'slug_taken');
  }
});
