// The answer API as its consumers use it: API keys made on /account/api's calls, and the official
// `openai` client pointed at `<server>/v1` (streaming and not), on two servers: one with the LLM
// and SearXNG fakes, one with the offline model. Bad input is refused in OpenAI's error shape with
// nothing recorded; the per-key rate limit answers 429 with Retry-After; a key reads only what its
// owner may; and an authorization matrix over every new operation.
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { createTestDatabase, queryRows } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { organisationWith } from '../support/org-members.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { uploadAndIndex, MY_FILES } from '../support/files.js';

// Within the past year, as the requests' `search_recency_filter: 'year'` asks (results are checked by date).
const PUBLISHED = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 19);
let llmDb: { url: string; drop: () => Promise<void> };
let offlineDb: { url: string; drop: () => Promise<void> };
let llmServer: ServerProcess;
let offline: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;

beforeAll(async () => {
  [llmDb, offlineDb] = await Promise.all([createTestDatabase('answer_api_llm'), createTestDatabase('answer_api_offline')]);
  llm = await startLlmFake({ chunks: ['Open the ', 'Share menu [1]', '.'], related: '1. Who can see a shared thread?\n2. Can I stop sharing?' });
  searx = await startSearxngFake([
    { url: 'https://example.org/sharing', title: 'Sharing threads', content: 'Threads are shared from the Share menu.', publishedDate: PUBLISHED },
  ]);
  [llmServer, offline] = await Promise.all([
    // The search results point at example.org: snippets only, so no page is fetched from outside (the pages' own test reads them).
    startServerProcess({
      databaseUrl: llmDb.url,
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        LLM_API_KEY: 'test-key',
        SEARXNG_URL: searx.url,
        SIGN_IN_RATE_LIMIT: '1000',
        WEB_PAGES_READ: 'false',
      },
    }),
    // Logging every request (info), as production does: the keys must not reach the log.
    startServerProcess({ databaseUrl: offlineDb.url, env: { SIGN_IN_RATE_LIMIT: '1000', LOG_LEVEL: 'info' } }),
  ]);
}, 120_000);
afterAll(async () => {
  await llmServer?.stop();
  await offline?.stop();
  await llm?.close();
  await searx?.close();
  await llmDb?.drop();
  await offlineDb?.drop();
});

const ALL_SCOPES = ['answers:write', 'models:read'];
async function newKey(b: Browser, scopes = ALL_SCOPES, name = 'Test key') {
  const res = await b.post('/rest/account/api-keys', { name, scopes });
  expect(res.status, res.text).toBe(201);
  return { secret: res.json.secret as string, keyId: res.json.key.key_id as string };
}
const client = (server: ServerProcess, apiKey: string) => new OpenAI({ baseURL: `${server.url}/v1`, apiKey, maxRetries: 0 });
const chat = (server: ServerProcess, secret: string | null, body: unknown) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const ask = (content: string, extra: Record<string, unknown> = {}) => ({ model: 'offline-extractive', messages: [{ role: 'user', content }], ...extra });
async function openAiError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = JSON.parse(text);
  expect(body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
  expect(body.error).toHaveProperty('param');
  return body.error;
}
const keysOf = async (b: Browser) => (await b.get('/rest/account/api-keys')).json;
const userIdOf = async (b: Browser) => (await b.get('/rest/session')).json.user.id as string;
const threadCount = async (dbUrl: string, userId: string) =>
  Number((await queryRows<{ n: string }>(dbUrl, 'select count(*) as n from threads where owner_user_id = $1', [userId]))[0].n);

describe('API keys', () => {
  test('a key is shown once, kept hashed, listed by its prefix with its use, and stops working once revoked', async () => {
    const ada = await signedUp(offline.url, 'Ada Keys');
    const created = await ada.post('/rest/account/api-keys', { name: '  CI pipeline ', scopes: ['answers:write', 'models:read'] });
    expect(created.status, created.text).toBe(201);
    const { secret, key } = created.json;
    expect(secret).toMatch(/^aek-[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'CI pipeline',
      prefix: secret.slice(0, 12),
      scopes: ['answers:write', 'models:read'],
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await ada.get('/rest/account/api-keys');
    expect(listed.text).not.toContain(secret);
    expect(listed.json.plan).toMatchObject({
      plan: expect.any(String),
      monthly_requests: expect.any(Number),
      requests_per_minute: expect.any(Number),
      requests_this_month: 0,
    });
    // At rest: the hash only, in the read model and in the events.
    const rows = await queryRows<{ secret_hash: string }>(offlineDb.url, 'select secret_hash from api_keys where key_id = $1', [key.key_id]);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(await queryRows(offlineDb.url, 'select 1 from events where data::text like $1', [`%${secret.slice(4)}%`])).toEqual([]);

    const models = await client(offline, secret).models.list();
    expect(models.data.map((m) => m.id)).toEqual(['offline-extractive', 'pro-search']);
    const used = (await keysOf(ada)).items.find((k: { key_id: string }) => k.key_id === key.key_id);
    expect(used.last_used_at).not.toBeNull();
    expect(used.usage).toMatchObject({ requests: 1, prompt_tokens: 0, search_queries: 0 });

    expect((await ada.send('DELETE', `/rest/account/api-keys/${key.key_id}`)).status).toBe(204);
    expect((await ada.send('DELETE', `/rest/account/api-keys/${key.key_id}`)).status).toBe(204);
    await expect(client(offline, secret).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    expect((await keysOf(ada)).items[0].revoked_at).not.toBeNull();
    // The requests were logged, their key never.
    expect(offline.logs()).toContain('/v1/models');
    expect(offline.logs()).not.toContain(secret.slice(4));
  });

  test('bad key requests are refused with stable codes', async () => {
    const bo = await signedUp(offline.url, 'Bo Keys');
    expect((await bo.post('/rest/account/api-keys', { name: '', scopes: ['answers:write'] })).status).toBe(400);
    expect((await bo.post('/rest/account/api-keys', { name: 'x', scopes: ['admin:all'] })).status).toBe(400);
    expect((await bo.post('/rest/account/api-keys', { name: 'x', scopes: [] })).status).toBe(400);
    const missing = await bo.send('DELETE', '/rest/account/api-keys/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.json.code]).toEqual([404, 'api_key_not_found']);
  });
});

describe('the answer API with the official openai client (LLM fake, web search fake)', () => {
  let secret: string;
  let cy: Browser;
  beforeAll(async () => {
    cy = await signedUp(llmServer.url, 'Cy Client');
    ({ secret } = await newKey(cy));
  });

  test('a non-streaming answer with citations, search results, annotations, related questions and usage', async () => {
    const completion = (await client(llmServer, secret).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'How do I share a thread?' },
      ],
      return_related_questions: true,
      search_domain_filter: ['example.org', '-reddit.com'],
      search_recency_filter: 'year',
    } as OpenAI.ChatCompletionCreateParamsNonStreaming)) as OpenAI.ChatCompletion & Record<string, any>;
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('fake-model');
    const message = completion.choices[0].message as OpenAI.ChatCompletionMessage;
    expect(message.content).toBe('Open the Share menu [1].');
    expect(completion.citations[0]).toBe('https://example.org/sharing');
    expect(completion.search_results[0]).toEqual({
      title: 'Sharing threads',
      url: 'https://example.org/sharing',
      date: expect.stringMatching(new RegExp(`^${PUBLISHED.slice(0, 10)}`)),
      snippet: 'Threads are shared from the Share menu.',
      source: 'web',
    });
    const at = message.content!.indexOf('[1]');
    expect(message.annotations).toEqual([
      { type: 'url_citation', url_citation: { url: 'https://example.org/sharing', title: 'Sharing threads', start_index: at, end_index: at + 3 } },
    ]);
    expect(completion.related_questions).toEqual(['Who can see a shared thread?', 'Can I stop sharing?']);
    expect(completion.usage).toEqual({ prompt_tokens: 9, completion_tokens: 6, total_tokens: 15, num_search_queries: 1 });
    // Asked as its owner, kept out of their library (an incognito thread).
    expect((await cy.get('/rest/threads')).json.total).toBe(0);
  });

  test('a streaming answer: the role first, the text in chunks, the sources, and usage on the last chunk', async () => {
    const stream = await client(llmServer, secret).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'How do I share a thread?' }],
      stream: true,
    });
    const chunks: (OpenAI.ChatCompletionChunk & Record<string, any>)[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Open the Share menu [1].');
    const last = chunks.at(-1)!;
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.citations[0]).toBe('https://example.org/sharing');
    expect(last.usage).toMatchObject({ completion_tokens: 6, num_search_queries: 1 });
    expect(last.related_questions).toBeUndefined();
    expect(chunks.some((c) => c.search_results?.[0]?.url === 'https://example.org/sharing')).toBe(true);
    // On the wire: bare `data:` lines ending with [DONE].
    const raw = await (await chat(llmServer, secret, { ...ask('How do I share a thread?'), model: 'fake-model', stream: true })).text();
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(raw).not.toContain('event:');
  });

  test("each request's use is counted on its key", async () => {
    const key = (await keysOf(cy)).items[0];
    expect(key.usage).toMatchObject({ requests: 3, search_queries: 3 });
    expect(key.usage.completion_tokens).toBe(18);
    expect((await keysOf(cy)).plan.requests_this_month).toBe(3);
  });

  test('`pro-search` is a model name: listed, answered as a Pro Search, its searches counted', async () => {
    expect((await client(llmServer, secret).models.list()).data.map((m) => m.id)).toEqual(['fake-model', 'pro-search']);
    llm.script({ chunks: ['Open the ', 'Share menu [1]', '.'], plan: JSON.stringify({ searches: ['share a thread link', 'thread sharing settings'] }) });
    const asked = searx.queries.length;
    const completion = (await client(llmServer, secret).chat.completions.create({
      model: 'pro-search',
      messages: [{ role: 'user', content: 'How do I share a thread?' }],
    })) as OpenAI.ChatCompletion & Record<string, any>;
    expect(completion.model).toBe('pro-search');
    expect(completion.choices[0].message.content).toBe('Open the Share menu [1].');
    expect(searx.queries.slice(asked).sort()).toEqual(['How do I share a thread', 'share a thread link', 'thread sharing settings']);
    expect(completion.usage).toMatchObject({ num_search_queries: 3 });
  });

  test('the earlier messages are the conversation the question is read with', async () => {
    const asked = llm.requests.length;
    const completion = await client(llmServer, secret).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'How do I share a thread?' },
        { role: 'assistant', content: 'Open the Share menu.' },
        { role: 'user', content: 'Can I make it public?' },
      ],
    });
    expect(completion.choices[0].message.content).toBe('Open the Share menu [1].');
    // The follow-up is searched with what it points back to, and the model gets the earlier turn.
    expect(searx.queries.at(-1)).toMatch(/share/i);
    const answered = llm.requests.slice(asked).find((r) => r.stream)!;
    expect(answered.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(answered.messages.slice(1, 3).map((m) => m.content)).toEqual(['How do I share a thread?', 'Open the Share menu.']);
    expect(answered.messages[3].content).toContain('Question: Can I make it public?');
    expect(answered.messages[0].content).not.toContain('Be brief.');
  });
});

describe('refusals in OpenAI error shape, with nothing recorded', () => {
  test('unknown model, malformed messages, huge prompts, missing scope, revoked or unknown key, foreign Space', async () => {
    const dee = await signedUp(offline.url, 'Dee Refused');
    const eve = await signedUp(offline.url, 'Eve Other');
    const { secret } = await newKey(dee);
    const { secret: modelsOnly } = await newKey(dee, ['models:read'], 'models only');
    const revoked = await newKey(dee, ALL_SCOPES, 'revoked');
    expect((await dee.send('DELETE', `/rest/account/api-keys/${revoked.keyId}`)).status).toBe(204);
    const foreignSpace = (await eve.post('/rest/collections/create_collection', { title: 'Eve only' })).json.uuid as string;
    const userId = await userIdOf(dee);
    const threadsBefore = await threadCount(offlineDb.url, userId);

    await expect(client(offline, secret).chat.completions.create({ model: 'gpt-9', messages: [{ role: 'user', content: 'Hi' }] })).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
    expect((await openAiError(await chat(offline, secret, ask('Hi', { model: 'gpt-9' })), 404, 'model_not_found')).param).toBe('model');
    await openAiError(await chat(offline, secret, { model: 'offline-extractive', messages: 'Hi' }), 400, 'invalid_request');
    await openAiError(await chat(offline, secret, { model: 'offline-extractive', messages: [] }), 400, 'invalid_request');
    await openAiError(await chat(offline, secret, { model: 'offline-extractive', messages: [{ role: 'wizard', content: 'Hi' }] }), 400, 'invalid_request');
    await openAiError(await chat(offline, secret, { model: 'offline-extractive', messages: [{ role: 'assistant', content: 'Hi' }] }), 400, 'invalid_messages');
    await openAiError(await chat(offline, secret, '{"model": "offline-extractive", "messages": ['), 400, 'malformed_json');
    await openAiError(await chat(offline, secret, ask('x'.repeat(2001))), 400, 'context_length_exceeded');
    const long = { role: 'system', content: 'y'.repeat(60_000) };
    await openAiError(
      await chat(offline, secret, { model: 'offline-extractive', messages: [long, long, { role: 'user', content: 'Hi' }] }),
      400,
      'context_length_exceeded',
    );
    await openAiError(await chat(offline, secret, ask('z'.repeat(1_100_000))), 413, 'payload_too_large');
    await openAiError(await chat(offline, modelsOnly, ask('Hi')), 403, 'insufficient_scope');
    await openAiError(await chat(offline, revoked.secret, ask('Hi')), 401, 'invalid_api_key');
    await openAiError(await chat(offline, `aek-${'A'.repeat(43)}`, ask('Hi')), 401, 'invalid_api_key');
    await openAiError(await chat(offline, null, ask('Hi')), 401, 'invalid_api_key');
    expect((await openAiError(await chat(offline, secret, ask('Hi', { collection: foreignSpace })), 404, 'collection_not_found')).param).toBe('collection');
    // Nothing recorded: no thread, no use, no request counted against any of the person's keys.
    expect(await threadCount(offlineDb.url, userId)).toBe(threadsBefore);
    expect((await keysOf(dee)).items.map((k: { usage: { requests: number }; last_used_at: string | null }) => [k.usage.requests, k.last_used_at])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);
    expect(await queryRows(offlineDb.url, 'select 1 from api_key_rate_windows w join api_keys k using (key_id) where k.user_id = $1', [userId])).toEqual([]);
  });

  test("over the key's requests per minute: 429 with Retry-After, in OpenAI's shape, and the refusals are not counted", async () => {
    const fay = await signedUp(offline.url, 'Fay Fast');
    const { secret } = await newKey(fay);
    const perMinute = (await keysOf(fay)).plan.requests_per_minute as number;
    // Two windows at most are crossed by 2 * perMinute + 1 requests: one of them overflows.
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (let i = 0; i < 2 * perMinute + 1; i++) {
      const res = await fetch(`${offline.url}/v1/models`, { headers: { authorization: `Bearer ${secret}` } });
      statuses.push(res.status);
      if (res.status === 429 && !refusal) refusal = res;
      else await res.text();
    }
    expect(refusal).not.toBeNull();
    const retryAfter = Number(refusal!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await openAiError(refusal!, 429, 'rate_limit_exceeded')).type).toBe('rate_limit_error');
    const admitted = statuses.filter((s) => s === 200).length;
    expect((await keysOf(fay)).items[0].usage.requests).toBe(admitted);
    await expect(client(offline, secret).models.list()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });
});

describe('an API key reads what its owner may read, nothing more', () => {
  test("the owner's file and Space are searched for their key; another person's key never finds them", async () => {
    const gus = await signedUp(offline.url, 'Gus Owner');
    const hal = await signedUp(offline.url, 'Hal Other');
    await uploadAndIndex(gus, MY_FILES, [
      { filename: 'festival.txt', bytes: new TextEncoder().encode('The quokka festival starts on Tuesday at the harbour.') },
    ]);
    const space = (await gus.post('/rest/collections/create_collection', { title: 'Gus notes' })).json.uuid as string;
    const [mine, theirs] = [await newKey(gus), await newKey(hal)];
    const question = ask('When does the quokka festival start?');
    const forOwner = await chat(offline, mine.secret, question);
    expect(forOwner.status).toBe(200);
    const owned = await forOwner.json();
    expect(owned.search_results.some((r: { source: string; title: string }) => r.source === 'file' && r.title.includes('festival'))).toBe(true);
    expect(owned.choices[0].message.content).toContain('quokka');
    const forOther = await (await chat(offline, theirs.secret, question)).json();
    expect(forOther.search_results.some((r: { title: string }) => r.title.includes('festival'))).toBe(false);
    expect(JSON.stringify(forOther)).not.toContain('harbour');
    // The owner's own Space as `collection`; the other person's key gets 404 for it.
    expect((await chat(offline, mine.secret, ask('When does the quokka festival start?', { collection: space }))).status).toBe(200);
    // Answered in the Space, kept out of it and out of the library: an incognito thread of the owner.
    expect((await gus.get(`/rest/collections/list_collection_threads?collection_uuid=${space}`)).json.total).toBe(0);
    expect((await gus.get('/rest/threads')).json.total).toBe(0);
    await openAiError(await chat(offline, theirs.secret, ask('Hi', { collection: space })), 404, 'collection_not_found');
  });
});

describe('authorization matrix', () => {
  type Role = 'owner' | 'orgAdmin' | 'member' | 'stranger' | 'anonymous';
  const ROLES: Role[] = ['owner', 'orgAdmin', 'member', 'stranger', 'anonymous'];
  let who: Record<Role, Browser>;
  let ownerKey: { secret: string; keyId: string };

  beforeAll(async () => {
    const stamp = Date.now();
    const emails = { owner: `owner.${stamp}@example.com`, orgAdmin: `admin.${stamp}@example.com`, member: `member.${stamp}@example.com` };
    const [orgAdmin, owner, member, stranger] = await Promise.all([
      signedUp(offline.url, 'Org Admin', emails.orgAdmin),
      signedUp(offline.url, 'Key Owner', emails.owner),
      signedUp(offline.url, 'Org Member', emails.member),
      signedUp(offline.url, 'Stranger'),
    ]);
    // The key's owner is a member of an organisation whose admin (its creator) and another member are in the matrix.
    await organisationWith(orgAdmin, offlineDb.url, 'Key org', [
      { b: owner, email: emails.owner },
      { b: member, email: emails.member },
    ]);
    who = { owner, orgAdmin, member, stranger, anonymous: await visitor(offline.url) };
    ownerKey = await newKey(owner);
  }, 120_000);

  type Expect = Record<Role, number | [number, string]>;
  const signedInOnly = (ok: number): Expect => ({ owner: ok, orgAdmin: ok, member: ok, stranger: ok, anonymous: [401, 'unauthenticated'] });
  const ownerOnly = (ok: number, refused: [number, string]): Expect => ({
    owner: ok,
    orgAdmin: refused,
    member: refused,
    stranger: refused,
    anonymous: [401, 'unauthenticated'],
  });
  // A /v1 call is authorised by a key, never by a session: each person calls with their session
  // cookie, and the owner with their key as well.
  const keyOnly = (ok: number): Expect => ({
    owner: ok,
    orgAdmin: [401, 'invalid_api_key'],
    member: [401, 'invalid_api_key'],
    stranger: [401, 'invalid_api_key'],
    anonymous: [401, 'invalid_api_key'],
  });
  const bearer = (role: Role): Record<string, string> => (role === 'owner' ? { authorization: `Bearer ${ownerKey.secret}` } : {});
  const CASES: { op: string; expect: Expect; call: (b: Browser, role: Role) => Promise<{ status: number; json: any }> }[] = [
    { op: 'listApiKeys', expect: signedInOnly(200), call: (b) => b.get('/rest/account/api-keys') },
    { op: 'createApiKey', expect: signedInOnly(201), call: (b) => b.post('/rest/account/api-keys', { name: 'matrix', scopes: ['models:read'] }) },
    {
      op: 'revokeApiKey',
      expect: ownerOnly(204, [404, 'api_key_not_found']),
      call: async (b, role) => b.send('DELETE', `/rest/account/api-keys/${role === 'owner' ? (await newKey(b)).keyId : ownerKey.keyId}`),
    },
    { op: 'listApiModels', expect: keyOnly(200), call: (b, role) => b.get('/v1/models', bearer(role)) },
    {
      op: 'createChatCompletion',
      expect: keyOnly(200),
      call: (b, role) => b.send('POST', '/v1/chat/completions', { json: ask('How do I share a thread?'), headers: bearer(role) }),
    },
  ];

  for (const c of CASES)
    test(c.op, { timeout: 60_000 }, async () => {
      for (const role of ROLES) {
        const expected = c.expect[role];
        const res = await c.call(who[role], role);
        const code = res.json?.code ?? res.json?.error?.code;
        if (typeof expected === 'number') expect(res.status, `${c.op} as ${role}`).toBe(expected);
        else expect([res.status, code], `${c.op} as ${role}`).toEqual(expected);
      }
    });

  test("nobody else lists the owner's keys, and their key still works after the others' attempts", async () => {
    for (const role of ['orgAdmin', 'member', 'stranger'] as const)
      expect((await keysOf(who[role])).items.map((k: { key_id: string }) => k.key_id)).not.toContain(ownerKey.keyId);
    expect((await who.owner.get('/v1/models', bearer('owner'))).status).toBe(200);
  });
});
