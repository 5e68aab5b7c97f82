// Memories with a configured model (LLM_BASE_URL): after the answer, the model is asked, with the
// extraction prompt, about the person's own question only (never the answer or its sources), and
// each first-person line it gives back is remembered; nothing is asked for an incognito thread.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { createTestDatabase } from '../support/database.js';
import { askAndWait, signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;

beforeAll(async () => {
  database = await createTestDatabase('memories_llm');
  llm = await startLlmFake({ chunks: ['Lentil soup is quick.'], memories: 'I am vegetarian.\nMy partner is allergic to nuts.\nWhat else?' });
  server = await startServerProcess({ databaseUrl: database.url, env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' } });
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await database?.drop();
});

const extractionRequests = () => llm.requests.filter((r) => r.messages.some((m) => m.role === 'system' && m.content.includes('worth remembering')));

test('the model finds what to remember in the question alone; an incognito thread is never sent to it', async () => {
  const ada = await signedUp(server.url, 'Ada');
  await askAndWait(server.url, ada, 'Secret plan, do not remember', { incognito: true });
  await askAndWait(server.url, ada, 'We eat no meat at home. What can I cook with lentils?');
  await vi.waitFor(
    async () =>
      expect(((await ada.get('/rest/memories/list')).json as { memories: { content: string }[] }).memories.map((m) => m.content).sort()).toEqual([
        'I am vegetarian.',
        'My partner is allergic to nuts.',
      ]),
    { timeout: 20_000, interval: 200 },
  );
  const asked = extractionRequests();
  expect(asked).toHaveLength(1);
  const prompt = asked[0].messages.map((m) => m.content).join('\n');
  expect(prompt).toContain('We eat no meat at home. What can I cook with lentils?');
  expect(prompt).not.toContain('Lentil soup is quick.');
  expect(prompt).not.toContain('Secret plan');
});
