// The mocks stream a web answer's live steps as the server does (retrieve.ts, pro-search/run.ts):
// a Pro Search plans, searches its queries and reads before its sources; every web answer says it
// is writing after them; and a Research report is marked as one in the thread afterwards.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../tests/support/sse';
import { createScenario } from './handlers';

const scenario = createScenario('signed-in', { streamDelayMs: 0, features: { web_search: true } });
const server = setupServer(...scenario.handlers);
beforeAll(() => server.listen());
afterAll(() => server.close());

const ask = async (body: object) =>
  collect(
    await fetch('http://app.test/rest/threads/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
    }),
  );
const steps = (events: { event: string; data: { step?: string } }[]) =>
  events.filter((e) => e.event === 'status' || e.event === 'sources').map((e) => e.data.step ?? e.event);

describe('live steps in the mocks', () => {
  it('a Pro Search plans, searches with its queries and reads before its sources, then writes', async () => {
    const events = await ask({ query_str: 'how do I share a thread?', answer_depth: 'pro' });
    expect(steps(events)).toEqual(['planning', 'searching', 'reading', 'sources', 'writing']);
    const searching = events.find((e) => e.data.step === 'searching')!;
    expect(searching.data.queries.length).toBeGreaterThan(0);
    expect(searching.data.text).toBe(`Searching the web: ${searching.data.queries.length} searches`);
  });

  it('a quick web answer searches, then writes once it has its sources', async () => {
    expect(steps(await ask({ query_str: 'how do I share a thread?' }))).toEqual(['searching', 'sources', 'writing']);
  });

  it('a Research report is marked as one in its thread; a quick answer is not', async () => {
    const report = await ask({ query_str: 'how do I share a thread?', answer_depth: 'research' });
    const quick = await ask({ query_str: 'how do I share a thread?' });
    const entryOf = async (slug: string) => (await (await fetch(`http://app.test/rest/thread/${slug}`)).json()).entries[0];
    expect((await entryOf(report[0].data.thread_url_slug)).research_report).toBe(true);
    expect(await entryOf(quick[0].data.thread_url_slug)).not.toHaveProperty('research_report');
  });
});
