// An app sync survives a hard crash: Notion asks the sync to wait (429 with Retry-After) in the
// middle of its walk, and the server is killed with SIGKILL meanwhile. Restarted on the same
// database, the workflow resumes after its last finished step, the walk completes, each page is
// recorded once, and an answer cites it.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createFakeNotion } from '../tests/fakes/oauth/notion.js';
import { type OAuthFake, startOAuthFake } from '../tests/fakes/oauth/provider.js';
import { killHard, waitUntilFinished, workflowSteps } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { freePort } from '../tests/support/ports.js';
import { askStream, signedUp } from '../tests/support/people.js';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { collect } from '../tests/support/sse.js';

const CLIENT = { clientId: 'notion-crash-client', clientSecret: 'notion-crash-secret-1234' };
let database: { url: string; drop: () => Promise<void> };
let fake: OAuthFake;
const notion = createFakeNotion();
const servers: ServerProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase('crash_app_sync');
  fake = await startOAuthFake({ family: 'notion', ...CLIENT, api: notion.api });
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await fake?.close();
  await database?.drop();
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function serve(port: number) {
  const env = {
    CONNECTOR_NOTION_CLIENT_ID: CLIENT.clientId,
    CONNECTOR_NOTION_CLIENT_SECRET: CLIENT.clientSecret,
    CONNECTOR_NOTION_BASE_URL: fake.url,
    // The fake takes any pace: Notion's documented one would only make the test wait.
    CONNECTOR_CALL_SPACING_MS: '100',
  };
  const server = await startServerProcess({ databaseUrl: database.url, env, port });
  servers.push(server);
  return server;
}

test('killed while Notion asks to wait mid-walk: after a restart the walk completes, each page recorded once, and answers cite it', {
  timeout: 180_000,
}, async () => {
  for (let n = 1; n <= 3; n++)
    notion.page({
      id: `crash-page-${n}`,
      title: `Apiary log ${n}`,
      parent: { type: 'workspace', workspace: true },
      blocks: [{ id: `crash-block-${n}`, type: 'paragraph', text: `Colony ${n} wintered on eleven frames of capped stores.` }],
    });
  const port = await freePort();
  const first = await serve(port);
  const ada = await signedUp(first.url, 'Crash Ada');
  // The delta cursor is taken (one search); then every call of the walk is asked to wait, again and again, until the server is gone.
  notion.state.passNext = 1;
  notion.state.retryAfterSeconds = 1;
  notion.state.rateLimitNext = 1_000_000;
  const started = await ada.get('/rest/connectors/notion/connect');
  expect(started.status, started.text).toBe(200);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  expect((await ada.get(callback.replace(first.url, ''))).status).toBe(302);

  let workflowId = '';
  await expect
    .poll(
      async () => {
        const [row] = await rows<{ workflow_uuid: string }>("select workflow_uuid from dbos.workflow_status where workflow_uuid like 'connector-app-sync-%'");
        workflowId = row?.workflow_uuid ?? '';
        return workflowId && (await workflowSteps(database.url, workflowId)).some((s) => s.name === 'plan');
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  await killHard(first);
  const stepsAtCrash = (await workflowSteps(database.url, workflowId)).map((s) => s.name);
  expect(stepsAtCrash).toContain('plan');
  expect(stepsAtCrash).not.toContain('finish');

  notion.state.rateLimitNext = 0;
  const restarted = await serve(port);
  expect((await waitUntilFinished(database.url, workflowId, 90_000)).status).toBe('SUCCESS');
  const synced = await rows<{ remote_id: string; n: string }>(
    "select data->>'remote_id' as remote_id, count(*) as n from events where type = 'ConnectorDocumentSynced' group by 1 order by 1",
  );
  expect(synced).toEqual([1, 2, 3].map((n) => ({ remote_id: `crash-page-${n}`, n: '1' })));
  await expect
    .poll(
      async () => {
        const events = await collect(
          await askStream(restarted.url, ada, { query_str: 'How many frames of capped stores did the colony winter on?', search_mode: 'auto' }),
        );
        const sources = (events.find((e) => e.event === 'sources')?.data.sources ?? []) as { meta_data?: { connection_type?: string } }[];
        return sources.some((s) => s.meta_data?.connection_type === 'notion');
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(true);
});
