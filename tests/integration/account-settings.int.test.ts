// A person's own settings on the real server and PostgreSQL: private to the person (owner,
// stranger and visitor), refused with stable codes, and followed by the answers they ask for:
// the model that answers, and the language, "about me" and style in its instructions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
const ADMIN = `settings.admin.${Date.now()}@admin.example`;
const PERKS = [{ title: 'Priority support', description: 'Mail us and hear back within a working day.' }];

beforeAll(async () => {
  database = await createTestDatabase('account_settings');
  llm = await startLlmFake({ chunks: ['An answer.'] });
  const perksFile = join(mkdtempSync(join(tmpdir(), 'perks-')), 'perks.json');
  writeFileSync(perksFile, JSON.stringify(PERKS));
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MODELS: 'fake-model=Fake One,other-model=Other Two',
      PRO_PERKS_FILE: perksFile,
      FILE_LIMITS: 'free=7/9,pro=70/90',
      ADMIN_EMAILS: ADMIN,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await database?.drop();
});

const put = (b: Browser, path: string, json: unknown) => b.send('PUT', path, { json });
const del = (b: Browser, path: string) => b.send('DELETE', path);
const MEETING = { minutes: 60, day_start_hour: 8, day_end_hour: 16, weekdays: [5, 1, 3] };
const PREFS = { theme: 'dark', answer_language: 'de', default_search_mode: 'web', incognito_by_default: true };

describe('settings are the person’s own', () => {
  test('a visitor is asked to sign in for every settings call', async () => {
    const v = await visitor(server.url);
    const calls = [
      v.get('/rest/account/preferences'),
      put(v, '/rest/account/preferences', PREFS),
      v.get('/rest/account/personalization'),
      put(v, '/rest/account/personalization', { about_me: '', answer_style: 'default' }),
      v.get('/rest/account/assistant'),
      put(v, '/rest/account/assistant', { default_model: 'fake-model' }),
      v.get('/rest/account/site-instructions'),
      v.post('/rest/account/site-instructions', { domain: 'example.com', instructions: 'x' }),
      put(v, '/rest/account/site-instructions/example.com', { instructions: 'x' }),
      del(v, '/rest/account/site-instructions/example.com'),
      v.get('/rest/account/pro-perks'),
      v.get('/rest/account/meeting-defaults'),
      put(v, '/rest/account/meeting-defaults', MEETING),
    ];
    for (const r of await Promise.all(calls)) expect([r.status, r.json?.code]).toEqual([401, 'unauthenticated']);
  });

  test('what the owner saves, the owner reads back; a stranger sees only their own defaults and cannot touch the owner’s', async () => {
    const owner = await signedUp(server.url, 'Olga');
    const stranger = await signedUp(server.url, 'Stan');
    expect((await put(owner, '/rest/account/preferences', PREFS)).json).toEqual(PREFS);
    expect((await put(owner, '/rest/account/personalization', { about_me: ' Physics teacher. ', answer_style: 'formal' })).json).toEqual({
      about_me: 'Physics teacher.',
      answer_style: 'formal',
    });
    expect((await owner.post('/rest/account/site-instructions', { domain: 'https://www.Example.com/x', instructions: 'Use the docs.' })).status).toBe(201);

    expect((await owner.get('/rest/account/preferences')).json).toEqual(PREFS);
    expect((await stranger.get('/rest/account/preferences')).json).toEqual({
      theme: 'system',
      answer_language: 'auto',
      default_search_mode: 'auto',
      incognito_by_default: false,
    });
    expect((await stranger.get('/rest/account/personalization')).json).toEqual({ about_me: '', answer_style: 'default' });
    expect((await stranger.get('/rest/account/site-instructions')).json.items).toEqual([]);
    // The stranger names the owner's site: it is not theirs, so there is nothing to change.
    expect((await put(stranger, '/rest/account/site-instructions/example.com', { instructions: 'Mine.' })).json.code).toBe('site_instruction_not_found');
    expect((await del(stranger, '/rest/account/site-instructions/example.com')).status).toBe(404);
    expect((await owner.get('/rest/account/site-instructions')).json.items).toEqual([
      { domain: 'example.com', instructions: 'Use the docs.', updated_at: expect.any(String) },
    ]);
  });

  test('site instructions: add, edit, delete, and each bad input a 4xx with its code, nothing half-written', async () => {
    const b = await signedUp(server.url, 'Sid');
    const add = (domain: string, instructions = 'Be brief.') => b.post('/rest/account/site-instructions', { domain, instructions });
    expect((await add('docs.example.org')).json).toMatchObject({ domain: 'docs.example.org', instructions: 'Be brief.' });
    for (const [r, status, code] of [
      [await add('DOCS.example.org.'), 409, 'site_instruction_exists'],
      [await add('localhost'), 400, 'invalid_domain'],
      [await add('10.0.0.1'), 400, 'invalid_domain'],
      [await add('example.net', ' '), 400, 'instructions_required'],
      [await add('example.net', 'x'.repeat(2001)), 400, 'instructions_too_long'],
      [await put(b, '/rest/account/site-instructions/nowhere.example', { instructions: 'x' }), 404, 'site_instruction_not_found'],
    ] as const)
      expect([r.status, r.json.code]).toEqual([status, code]);
    expect((await put(b, '/rest/account/site-instructions/docs.example.org', { instructions: 'Quote the docs.' })).json.instructions).toBe('Quote the docs.');
    expect((await b.get('/rest/account/site-instructions')).json).toMatchObject({
      items: [{ domain: 'docs.example.org', instructions: 'Quote the docs.' }],
      max_count: 50,
      max_length: 2000,
    });
    expect((await del(b, '/rest/account/site-instructions/docs.example.org')).status).toBe(204);
    expect((await b.get('/rest/account/site-instructions')).json.items).toEqual([]);
  });

  test('pro perks come from the configuration: a free person sees their limits and what Pro would give', async () => {
    const b = await signedUp(server.url, 'Fay');
    expect((await b.get('/rest/account/pro-perks')).json).toEqual({
      plan: 'free',
      perks: [{ title: 'Files for answers', description: 'Index up to 7 files in each file collection (My Files, a Space) and 9 in all.' }],
      pro_perks: [{ title: 'Files for answers', description: 'Index up to 70 files in each file collection (My Files, a Space) and 90 in all.' }, ...PERKS],
    });
  });
});

describe('answers follow the asker’s settings', () => {
  test('the default model answers; a named model overrides it; an unconfigured one is refused (a Max person, who may choose)', async () => {
    const b = await signedUp(server.url, 'Mo');
    // Choosing the model is Max's (search-filters.int.test.ts has the other plans).
    const admin = await signedUp(server.url, 'Admin', ADMIN);
    const email = (await b.get('/rest/session')).json.user.email;
    const max = await admin.post('/rest/admin/billing/subscription-source', { email, source: 'incentive', plan: 'max', interval: 'monthly', status: 'active' });
    expect(max.status, max.text).toBe(200);
    expect((await b.get('/rest/account/assistant')).json).toEqual({
      models: [
        { id: 'fake-model', name: 'Fake One' },
        { id: 'other-model', name: 'Other Two' },
      ],
      default_model: 'fake-model',
      chosen: false,
      model_selection: true,
    });
    expect((await put(b, '/rest/account/assistant', { default_model: 'gpt-9' })).json.code).toBe('unknown_model');
    expect((await put(b, '/rest/account/assistant', { default_model: 'other-model' })).json).toMatchObject({ default_model: 'other-model', chosen: true });

    const before = llm.requests.length;
    await askAndWait(server.url, b, 'Which model answers me?');
    const streamed = llm.requests.slice(before).filter((r) => r.stream);
    expect(streamed.map((r) => r.model)).toEqual(['other-model']);

    const named = llm.requests.length;
    await askAndWait(server.url, b, 'And this time?', { model_preference: 'fake-model' });
    expect(
      llm.requests
        .slice(named)
        .filter((r) => r.stream)
        .map((r) => r.model),
    ).toEqual(['fake-model']);

    const refused = await b.post('/rest/threads/ask', { query_str: 'Hi', model_preference: 'no-such-model' });
    expect([refused.status, refused.json.code]).toEqual([400, 'unknown_model']);
  });

  test('the answer model is told the language, the "about me" and the style; nothing personal before they are set', async () => {
    const b = await signedUp(server.url, 'Lea');
    const systemOfNextAnswer = async (q: string) => {
      const from = llm.requests.length;
      await askAndWait(server.url, b, q);
      const req = llm.requests.slice(from).find((r) => r.stream);
      return req?.messages.find((m) => m.role === 'system')?.content ?? '';
    };
    expect(await systemOfNextAnswer('What is entropy?')).not.toContain('About the person asking');

    await put(b, '/rest/account/preferences', { ...PREFS, incognito_by_default: false });
    await put(b, '/rest/account/personalization', { about_me: 'I teach physics to 15-year-olds.', answer_style: 'concise' });
    const system = await systemOfNextAnswer('What is entropy, again?');
    expect(system).toContain('Write the answer in German');
    expect(system).toContain('I teach physics to 15-year-olds.');
    expect(system).toContain('Keep the answer short and to the point');
  });

  test('incognito by default: a new thread stays out of the library unless the question says otherwise', async () => {
    const b = await signedUp(server.url, 'Ines');
    await put(b, '/rest/account/preferences', PREFS);
    await askAndWait(server.url, b, 'A private question');
    expect((await b.get('/rest/threads')).json.total).toBe(0);
    await askAndWait(server.url, b, 'A question to keep', { incognito: false });
    expect((await b.get('/rest/threads')).json.items.map((t: { first_query: string }) => t.first_query)).toEqual(['A question to keep']);
  });
});

describe('meeting defaults (issue 36): kept on the server, the same on every device', () => {
  const M = '/rest/account/meeting-defaults';
  const DEFAULTS = { minutes: 30, day_start_hour: 9, day_end_hour: 17, weekdays: [1, 2, 3, 4, 5] };

  test('the owner saves and reads them back from another session; a stranger keeps the defaults and cannot touch them', async () => {
    const owner = await signedUp(server.url, 'Meera');
    const stranger = await signedUp(server.url, 'Mort');
    expect((await owner.get(M)).json).toEqual(DEFAULTS);
    const saved = await put(owner, M, MEETING);
    expect(saved.status, saved.text).toBe(200);
    // Weekdays are kept sorted.
    expect(saved.json).toEqual({ ...MEETING, weekdays: [1, 3, 5] });
    expect((await owner.get(M)).json).toEqual(saved.json);
    // Another browser of the same person (a second session) reads the same.
    const elsewhere = await visitor(server.url);
    const email = (await owner.get('/rest/session')).json.user.email;
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await elsewhere.get(M)).json).toEqual(saved.json);
    // A stranger's calls are about their own defaults only.
    expect((await stranger.get(M)).json).toEqual(DEFAULTS);
    expect((await put(stranger, M, { ...DEFAULTS, minutes: 15 })).json).toEqual({ ...DEFAULTS, minutes: 15 });
    expect((await owner.get(M)).json).toEqual(saved.json);
  });

  test('bad input is refused with a stable code and changes nothing', async () => {
    const b = await signedUp(server.url, 'Mabel');
    expect((await put(b, M, MEETING)).status).toBe(200);
    const refusals: [unknown, string | null][] = [
      [{ ...MEETING, day_start_hour: 16, day_end_hour: 16 }, 'meeting_day_invalid'],
      [{ ...MEETING, day_start_hour: 18, day_end_hour: 9 }, 'meeting_day_invalid'],
      [{ ...MEETING, minutes: 20 }, null],
      [{ ...MEETING, weekdays: [] }, null],
      [{ ...MEETING, weekdays: [7] }, null],
      [{ ...MEETING, day_end_hour: 25 }, null],
      [{ ...MEETING, extra: true }, null],
      [{ minutes: 30 }, null],
    ];
    for (const [body, code] of refusals) {
      const res = await put(b, M, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (code) expect(res.json.code).toBe(code);
    }
    expect((await b.get(M)).json).toEqual({ ...MEETING, weekdays: [1, 3, 5] });
  });
});
