// Answers that stay on topic (issue 33), as a new user found them on a fresh install with the
// offline model, on the real server and PostgreSQL: an off-topic question is told plainly that
// nothing answers it; a follow-up is read with the question before it; a CSV row in a Space
// answers a question about it by its column names; a task's run searches its thread's Space and
// never cites its own question nor an earlier asking of it as "your history".
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { uploadAndIndex, type Repo } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { askAndWait, askStream, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, type SseEvent } from '../support/sse.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('answers_on_topic');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const NOTHING = 'I found nothing about this in the sources available to me.';
const SALES_CSV = 'quarter,region,robots_sold,revenue_eur\nQ1,Spain,"1,240","31,000,000"\nQ1,France,980,"24,500,000"\nQ2,Italy,75,"1,900,000"\n';
type Source = { name: string; url: string; meta_data: { file_uuid?: string }; is_conversation_history?: boolean };

const answerOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
const sourcesOf = (events: SseEvent[]) => (events.find((e) => e.event === 'sources')?.data.sources ?? []) as Source[];

async function spaceWithSales(owner: Browser) {
  const space = (await owner.post('/rest/collections/create_collection', { title: 'Robot sales' })).json as { uuid: string };
  const repo: Repo = { file_repository_type: 'COLLECTION', owner_id: space.uuid };
  const { uuids } = await uploadAndIndex(owner, repo, [{ filename: 'sales.csv', bytes: Buffer.from(SALES_CSV), content_type: 'text/csv' }]);
  await untilStatsFolded();
  return { space, fileUuid: uuids[0] };
}

/** A file's words are searched once the server has folded its term statistics (services/passages/stat-folder.ts). */
async function untilStatsFolded() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await vi.waitFor(async () => expect((await client.query('select 1 from passage_stat_changes limit 1')).rowCount).toBe(0), {
      timeout: 20_000,
      interval: 50,
    });
  } finally {
    await client.end();
  }
}

describe('offline answers stay on topic', () => {
  test('a question nothing covers is told so plainly, with no source (it once quoted the guide on citation markers)', async () => {
    const events = await collect(await askStream(server.url, await visitor(server.url), { query_str: 'What is the boiling point of water at high altitude?' }));
    expect(events.at(-1)!.event).toBe('completed');
    expect(sourcesOf(events)).toEqual([]);
    expect(answerOf(events)).toBe(NOTHING);
  });

  test('a follow-up is read with the question before it (it once answered "Run make start in a checkout of the project.")', async () => {
    const b = await visitor(server.url);
    const first = await collect(await askStream(server.url, b, { query_str: 'How do I share a thread?' }));
    const { context_uuid } = first[0].data as { context_uuid: string };
    const events = await collect(await askStream(server.url, b, { query_str: 'Can I make it public?', context_uuid }));
    expect(events.at(-1)!.event).toBe('completed');
    const answer = answerOf(events);
    expect(answer).not.toContain('make start');
    expect(answer).toMatch(/public/);
    expect(sourcesOf(events).map((s) => s.url)).toContain('/help/sharing-and-privacy#how-do-i-share-a-thread');
    expect(sourcesOf(events).map((s) => s.url)).not.toContain('/help/self-hosting#how-do-i-run-my-own-server');
  });

  test('a CSV row in a Space answers a question about it, by its column names (it once answered with the header line)', { timeout: 60_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada Sales');
    const { space, fileUuid } = await spaceWithSales(ada);
    const events = await collect(await askStream(server.url, ada, { query_str: 'How many robots were sold in Spain?', collection_uuid: space.uuid }));
    expect(events.at(-1)!.event).toBe('completed');
    const cited = sourcesOf(events);
    expect(cited.some((s) => s.meta_data.file_uuid === fileUuid)).toBe(true);
    const answer = answerOf(events);
    expect(answer).toContain('region: Spain, robots_sold: 1,240');
    expect(answer).not.toContain('France');
    expect(answer).not.toMatch(/quarter\s+region\s+robots_sold/);
  });
});

describe("a task's run", () => {
  test("searches its thread's Space and cites neither its own question nor an earlier asking of it", { timeout: 90_000 }, async () => {
    const eve = await signedUp(server.url, 'Eve Tasks');
    const prompt = 'How many robots were sold in Spain?';
    // Asked once by hand, outside any Space: an earlier conversation on the very same question.
    await askAndWait(server.url, eve, prompt);
    const task = (await eve.post('/rest/tasks', { task_type: 'SHORTCUT', title: 'Robots', query: { prompt } })).json.task as { task_id: string };
    const runOnce = async (n: number) => {
      expect((await eve.post(`/rest/tasks/${task.task_id}/run`, {})).status).toBe(202);
      return vi.waitFor(
        async () => {
          const t = (await eve.get(`/rest/tasks/${task.task_id}`)).json as { last_run: { status: string } | null; thread_url_slug: string | null };
          expect(t.last_run?.status).toBe('succeeded');
          const thread = (await eve.get(`/rest/thread/${t.thread_url_slug}`)).json as {
            entries: { backend_uuid: string; status: string; answer: string; sources: Source[] | null }[];
          };
          // The run's own entry answered (last_run may still be the run before's).
          expect(thread.entries).toHaveLength(n);
          expect(thread.entries[n - 1].status).toBe('completed');
          return thread.entries[n - 1];
        },
        { timeout: 30_000, interval: 200 },
      );
    };

    const first = await runOnce(1);
    expect(first.answer).not.toContain(prompt);
    expect((first.sources ?? []).some((s) => s.is_conversation_history)).toBe(false);
    expect(first.answer).toBe(NOTHING);

    // The owner moves the task's thread into a Space with the sales figures: the next run searches them.
    const { space, fileUuid } = await spaceWithSales(eve);
    expect((await eve.post('/rest/collections/upsert_thread_collection', { entry_uuid: first.backend_uuid, new_collection_uuid: space.uuid })).status).toBe(
      200,
    );
    const second = await runOnce(2);
    expect((second.sources ?? []).some((s) => s.meta_data.file_uuid === fileUuid)).toBe(true);
    expect((second.sources ?? []).some((s) => s.is_conversation_history)).toBe(false);
    expect(second.answer).toContain('region: Spain, robots_sold: 1,240');
    expect(second.answer).not.toContain(prompt);
  });
});
