// The ask box's suggestions on real PostgreSQL without the server around them: with no market data
// and no web search configured, tickers and news are absent (never filled in) while the person's
// own questions and related questions still come; a web search that never answers is left out
// rather than waited for; an incognito question or another person's never shows; a visitor is
// asked to sign in.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listenLoopback } from '../../tests/fakes/listen.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { actorOfFacts } from '../shared/actor-without-request.js';
import { loadConfig } from '../shared/config.js';
import { DomainError } from '../shared/domain-error.js';
import { askInThread, finishEntry } from '../threads/index.js';
import { askSuggestions } from './use-cases.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

let n = 0;
async function answered(owner: string, query: string, related: string[], incognito = false) {
  const now = new Date(Date.UTC(2026, 2, 2, 8, n++));
  const id = String(n).padStart(12, '0');
  const context = `00000000-0000-4000-8000-${id}`;
  const backend = `10000000-0000-4000-8000-${id}`;
  await askInThread(
    store,
    {
      context_uuid: context,
      backend_uuid: backend,
      thread_url_slug: `q-${id}`,
      frontend_context_uuid: null,
      query_str: query,
      search_mode: 'auto',
      incognito,
      model: 'offline',
      asker: { user_id: owner, visitor_ids: [], visitor_id: `v-${owner}` },
      now,
    },
    true,
  );
  await finishEntry(store, context, backend, { kind: 'completed', answer: 'An answer.', related_questions: related }, now);
}
const person = (id: string | null) => actorOfFacts({ user_id: id, visitor_ids: [], visitor_id: `v-${id}` });

test('no market data, no web search: only what the person asked and was offered, never incognito or another person’s', async () => {
  await answered('ada', 'Which tulips flower first?', ['How deep are tulips planted?', 'Which tulips flower first?']);
  await answered('ada', 'Tulips for a secret garden', [], true);
  await answered('bo', 'Tulips in pots?', ['Do tulips come back?']);
  const config = loadConfig({});
  const { categories } = await askSuggestions({ db, config }, person('ada'), { query: 'tulips' });
  expect(categories).toEqual([
    {
      category: 'suggestion',
      title: null,
      items: [{ text: 'Which tulips flower first?', title: 'Which tulips flower first?', subtitle: null, url: null, quote: null }],
    },
    {
      category: 'related_question',
      title: 'Related Questions',
      items: [{ text: 'How deep are tulips planted?', title: 'How deep are tulips planted?', subtitle: null, url: null, quote: null }],
    },
  ]);
});

test('a web search that never answers is left out, not waited for', async () => {
  const silent = await listenLoopback(() => {});
  try {
    const config = loadConfig({ SEARXNG_URL: silent.url });
    const { categories } = await askSuggestions({ db, config, sourceTimeoutMs: 200 }, person('ada'), { query: 'tulips flower' });
    // The call ends though the search never does; what else came depends on the machine's load.
    expect(categories.map((c) => c.category)).not.toContain('news');
  } finally {
    await silent.close();
  }
});

test('a visitor is asked to sign in', async () => {
  const refused = await askSuggestions({ db, config: loadConfig({}) }, person(null), { query: 'tulips' }).catch((e) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect(refused.code).toBe('login_required');
});
