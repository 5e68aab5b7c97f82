// App content synced end to end through the app's spec'd calls, against fakes of Notion, GitHub,
// Slack, Microsoft Teams and Google (OAuth servers and APIs on 127.0.0.1): connecting an app syncs it (a durable
// workflow walking its listing, then deltas from the stored cursor), and answers cite a Notion
// page, a GitHub issue and a Slack message with the seed's citation metadata. In an
// organisation's Slack, Teams and Drive, a member outside a channel, or not shared a file, never gets
// its passages; a member removed from the channel or team at the source, or unshared the file, stops
// getting them after the next delta (and one newly shared starts); disconnecting takes the
// content out of answers; a resync of My Files runs the person's app syncs; a Slack message deleted
// at the source leaves answers at the next walk.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeGitHub } from '../fakes/oauth/github.js';
import { createFakeDrive } from '../fakes/oauth/google-drive.js';
import { createFakeNotion } from '../fakes/oauth/notion.js';
import { type FakeAccount, type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createFakeSlack } from '../fakes/oauth/slack.js';
import { createFakeTeams } from '../fakes/oauth/teams.js';
import { putHiveDriveFiles } from '../fakes/oauth/hive-drive-files.js';
import { connectThroughFake } from '../support/connector-connect.js';
import { createTestDatabase } from '../support/database.js';
import { organisationWith } from '../support/org-members.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const CLIENTS = {
  notion: { clientId: 'notion-app-client', clientSecret: 'notion-app-secret-1234' },
  github: { clientId: 'github-app-client', clientSecret: 'github-app-secret-1234' },
  slack: { clientId: 'slack-app-client', clientSecret: 'slack-app-secret-1234' },
  google: { clientId: 'google-app-client', clientSecret: 'google-app-secret-1234' },
  microsoft: { clientId: 'microsoft-app-client', clientSecret: 'microsoft-app-secret-1234' },
};
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
const fakes: Record<keyof typeof CLIENTS, OAuthFake> = {} as never;
const notion = createFakeNotion();
const github = createFakeGitHub();
const slack = createFakeSlack();
const drive = createFakeDrive();
const teams = createFakeTeams();

beforeAll(async () => {
  fakes.notion = await startOAuthFake({ family: 'notion', ...CLIENTS.notion, api: notion.api });
  fakes.github = await startOAuthFake({ family: 'github', ...CLIENTS.github, api: github.api });
  fakes.slack = await startOAuthFake({ family: 'slack', ...CLIENTS.slack, api: slack.api });
  fakes.google = await startOAuthFake({ family: 'google', ...CLIENTS.google, api: drive.api });
  fakes.microsoft = await startOAuthFake({ family: 'microsoft', ...CLIENTS.microsoft, api: teams.api });
  database = await createTestDatabase('connector_app_sync');
  // The fakes take any pace: Slack's and Notion's documented ones would only make the test wait.
  const env: Record<string, string> = { SIGN_IN_RATE_LIMIT: '1000', CONNECTOR_CALL_SPACING_MS: '100' };
  for (const [family, c] of Object.entries(CLIENTS)) {
    const key = family.toUpperCase();
    env[`CONNECTOR_${key}_CLIENT_ID`] = c.clientId;
    env[`CONNECTOR_${key}_CLIENT_SECRET`] = c.clientSecret;
    env[`CONNECTOR_${key}_BASE_URL`] = fakes[family as keyof typeof CLIENTS].url;
  }
  server = await startServerProcess({ databaseUrl: database.url, env });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  for (const f of Object.values(fakes)) await f?.close();
  await database?.drop();
});

async function query<T>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** The workflows that bring a connection's content into answers, or take it out. */
const SYNC_WORKFLOWS = ['connectorAppSync', 'connectorSync', 'connectorRemoval', 'indexFile'];
/**
 * Until none of them is queued or running (a connect, resync or disconnect records its run before
 * it answers): an answer asked then shows what they did, so the first ask is the one that finds
 * it, not one of many a second apart that each cost the server an answering run. The polls on
 * answers after it still wait, should something land later.
 */
async function syncsSettled() {
  const busy = async () =>
    (
      await query<{ n: number }>("select count(*)::int as n from dbos.workflow_status where name = any($1) and status in ('ENQUEUED', 'PENDING')", [
        SYNC_WORKFLOWS,
      ])
    )[0].n;
  await expect.poll(busy, { timeout: 60_000, interval: 100 }).toBe(0);
}

/** Connects `name` as `account` (the fake's signed-in person), personally or for the organisation. */
async function connect(b: Browser, name: string, family: keyof typeof CLIENTS, account: FakeAccount, org = false) {
  fakes[family].state.account = account;
  expect((await connectThroughFake(b, server.url, name, { org })).searchParams.get('connected')).toBe(name);
}

type Source = {
  url: string;
  name: string;
  snippet: string;
  meta_data: Record<string, unknown>;
  file_metadata?: Record<string, unknown>;
  is_memory?: boolean;
  is_conversation_history?: boolean;
};

async function sourcesFor(b: Browser, question: string): Promise<Source[]> {
  const events = await collect(await askStream(server.url, b, { query_str: question, search_mode: 'auto' }));
  // The asker's own earlier answers come back as their conversation history: not the source's passages.
  return ((events.find((e) => e.event === 'sources')?.data.sources ?? []) as Source[]).filter((s) => !s.is_memory && !s.is_conversation_history);
}

/** The sources of the question that hold `word`, once the sync brought them in (or `[]` when none come within the wait). */
async function citing(b: Browser, question: string, word: string) {
  let found: Source[] = [];
  await syncsSettled();
  await expect
    .poll(
      async () => {
        found = (await sourcesFor(b, question)).filter((s) => s.snippet.toLowerCase().includes(word));
        return found.length > 0;
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe(true);
  return found;
}
const neverCites = async (b: Browser, question: string, word: string) =>
  expect((await sourcesFor(b, question)).filter((s) => s.snippet.toLowerCase().includes(word))).toEqual([]);

/** An organisation owned by `owner` with the members named, each signed up with the address given. */
const organisation = (owner: Browser, members: Browser[], emails: string[]) =>
  organisationWith(
    owner,
    database.url,
    'App Sync Org',
    members.map((b, i) => ({ b, email: emails[i] })),
  );

describe("an app's content in answers", () => {
  test('a Notion page, a GitHub issue and a Slack message answer questions, cited with the seed metadata; nobody else gets them', {
    timeout: 180_000,
  }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    notion.page({
      id: 'hive-plan',
      title: 'Hive inspection plan',
      parent: { type: 'workspace', workspace: true },
      blocks: [{ id: 'b1', type: 'paragraph', text: 'Inspect the brood nest every nine days during swarm season.' }],
    });
    github.repo('ada/apiary', { private: true });
    github.issue('ada/apiary', { number: 7, title: 'Queen cups on frame four', body: 'Found three queen cups on frame four of the walnut hive.' });
    slack.channel({ id: 'C-ada', name: 'beekeeping', members: ['U-ada'] });
    slack.users.set('U-ada', { name: 'ada', real_name: 'Ada Lovelace' });
    slack.post('C-ada', { user: 'U-ada', text: 'The oxalic vaporiser is on the shelf above the smoker.' });

    await connect(ada, 'notion', 'notion', { id: 'ws-ada', email: 'ada@notion.example', name: 'Ada workspace' });
    await connect(ada, 'github', 'github', { id: '501', email: 'ada@github.example', name: 'ada' });
    await connect(ada, 'slack', 'slack', { id: 'U-ada', email: 'ada@slack.example', name: 'ada' });

    const [page] = await citing(ada, 'How often is the brood nest inspected?', 'nine days');
    expect(page).toMatchObject({
      url: 'https://www.notion.so/hive-plan',
      meta_data: { connection_type: 'notion', generated_file_title: 'Hive inspection plan', domain_name: 'www.notion.so', authors: [] },
      file_metadata: { connector_type: 'notion' },
    });
    expect(page.meta_data.published_date).toEqual(expect.any(String));

    const [issue] = await citing(ada, 'Where were the queen cups found?', 'queen cups');
    expect(issue).toMatchObject({
      url: 'https://github.com/ada/apiary/issues/7',
      meta_data: { connection_type: 'github', generated_file_title: '#7 Queen cups on frame four', domain_name: 'github.com', authors: ['octocat'] },
      file_metadata: { connector_type: 'github' },
    });

    const [message] = await citing(ada, 'Where is the oxalic vaporiser?', 'vaporiser');
    expect(message).toMatchObject({
      url: expect.stringMatching(/^https:\/\/acme\.slack\.com\/archives\/C-ada\/p\d+$/),
      meta_data: { connection_type: 'slack', domain_name: 'acme.slack.com', authors: ['Ada Lovelace'] },
      file_metadata: { connector_type: 'slack' },
    });

    // Another person's questions never reach them.
    const eve = await signedUp(server.url, 'Eve');
    await neverCites(eve, 'How often is the brood nest inspected?', 'nine days');
    await neverCites(eve, 'Where were the queen cups found?', 'queen cups');

    // A delta: an issue edited at the source reaches answers after the next sync (connecting again starts one).
    github.edit('ada/apiary', 7, { body: 'The queen cups were torn down; the colony requeened in June.' });
    await connect(ada, 'github', 'github', { id: '501', email: 'ada@github.example', name: 'ada' });
    await citing(ada, 'When did the colony requeen?', 'requeened');
    await neverCites(ada, 'Where were the queen cups found? three cups walnut hive', 'walnut');

    // The issue is deleted at the source, which GitHub's `since` never says: a day after the last
    // walk (CONNECTOR_RECONCILE_SECONDS), the next sync walks everything again and takes it out of answers.
    github.deleteIssue('ada/apiary', 7);
    await query(
      "update connector_syncs set reconciled_at = now() - interval '1 day' where connection_uuid in (select connection_uuid from connector_connections where connector = 'github')",
    );
    await connect(ada, 'github', 'github', { id: '501', email: 'ada@github.example', name: 'ada' });
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(ada, 'When did the colony requeen?')).some((s) => s.snippet.includes('requeened')), {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(false);

    // Disconnected, a connection's content leaves answers.
    const off = await ada.get('/rest/connectors/notion/disconnect');
    expect(off.status, off.text).toBe(200);
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(ada, 'How often is the brood nest inspected?')).some((s) => s.snippet.includes('nine days')), {
        timeout: 30_000,
        interval: 1000,
      })
      .toBe(false);
  });
});

describe('a resync of My Files', () => {
  test("runs the person's app connections' syncs too, so a page written at the source since answers; one naming particular files runs none", {
    timeout: 120_000,
  }, async () => {
    const hal = await signedUp(server.url, 'Hal');
    notion.page({
      id: 'mead-notes',
      title: 'Mead notes',
      parent: { type: 'workspace', workspace: true },
      blocks: [{ id: 'm1', type: 'paragraph', text: 'The mead must rests nine months in oak before bottling.' }],
    });
    await connect(hal, 'notion', 'notion', { id: 'ws-hal', email: 'hal@notion.example', name: 'Hal workspace' });
    await citing(hal, 'How long does the mead must rest in oak?', 'nine months');
    const [connection] = await query<{ connection_uuid: string }>(
      "select connection_uuid from connector_connections where connector = 'notion' and display_name = 'Hal workspace'",
    );
    const runs = async () =>
      (
        await query<{ status: string }>('select status from dbos.workflow_status where workflow_uuid like $1', [
          `connector-app-sync-${connection.connection_uuid}-%`,
        ])
      ).length;
    await expect.poll(runs, { timeout: 30_000 }).toBe(1);
    const MY_FILES = { file_repository_type: 'USER' };

    // Naming particular files is about those files: no app sync runs.
    const named = await hal.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { uuids: [crypto.randomUUID()] } });
    expect(named.status, named.text).toBe(202);
    expect(await runs()).toBe(1);

    notion.page({
      id: 'wax-notes',
      title: 'Wax notes',
      parent: { type: 'workspace', workspace: true },
      blocks: [{ id: 'w1', type: 'paragraph', text: 'Render cappings wax in a solar melter on a July afternoon.' }],
    });
    const resynced = await hal.post('/rest/files/resync', { file_repository_info: MY_FILES });
    expect(resynced.status, resynced.text).toBe(202);
    expect(resynced.json).toEqual({ files: [] });
    expect(await runs()).toBe(2);
    await citing(hal, 'How is cappings wax rendered?', 'solar melter');
  });
});

describe("an organisation's Slack, Teams and Drive, read as the source lets each member read", () => {
  test('a member not in a channel never gets its messages; removed from it at the source, a member stops getting them after the next delta', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now();
    const emails = { bo: `bo.${stamp}@acme.example`, cy: `cy.${stamp}@acme.example` };
    const olga = await signedUp(server.url, 'Olga');
    const bo = await signedUp(server.url, 'Bo', emails.bo);
    const cy = await signedUp(server.url, 'Cy', emails.cy);
    await organisation(olga, [bo, cy], [emails.bo, emails.cy]);
    slack.users.set('U-olga', { name: 'olga', real_name: 'Olga' });
    slack.users.set('U-bo', { name: 'bo', real_name: 'Bo', email: emails.bo });
    slack.users.set('U-cy', { name: 'cy', real_name: 'Cy', email: emails.cy });
    slack.channel({ id: 'C-hives', name: 'hives', members: ['U-olga', 'U-bo'] });
    slack.channel({ id: 'C-board', name: 'board', private: true, members: ['U-olga'] });
    slack.post('C-hives', { user: 'U-olga', text: 'The heather honey harvest starts on the ninth of August.' });
    slack.post('C-board', { user: 'U-olga', text: 'The treasurer proposes raising the marzipan budget.' });

    await connect(olga, 'slack', 'slack', { id: 'U-olga', email: 'olga@slack.example', name: 'olga' }, true);

    // Bo is in #hives (Slack knows his address): he reads it; Cy is not, and never does.
    await citing(bo, 'When does the heather honey harvest start?', 'heather');
    await neverCites(cy, 'When does the heather honey harvest start?', 'heather');
    // Only Olga, who connected it and is in #board, reads #board.
    await citing(olga, 'What does the treasurer propose about the marzipan budget?', 'marzipan');
    await neverCites(bo, 'What does the treasurer propose about the marzipan budget?', 'marzipan');
    await neverCites(cy, 'What does the treasurer propose about the marzipan budget?', 'marzipan');

    // Bo leaves #hives at the source: after the next delta he no longer gets its messages.
    const hives = slack.channels.get('C-hives');
    if (hives) hives.members = ['U-olga'];
    await connect(olga, 'slack', 'slack', { id: 'U-olga', email: 'olga@slack.example', name: 'olga' }, true);
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(bo, 'When does the heather honey harvest start?')).some((s) => s.snippet.includes('heather')), {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(false);
    await citing(olga, 'When does the heather honey harvest start?', 'heather');

    // The #board message is deleted at the source, which Slack's history after the newest message
    // never says: a day after the last walk (CONNECTOR_RECONCILE_SECONDS), the next sync walks
    // everything again and takes it out of answers, while #hives stays.
    const board = slack.channels.get('C-board');
    if (board) board.messages = [];
    await query(
      "update connector_syncs set reconciled_at = now() - interval '1 day' where connection_uuid in (select connection_uuid from connector_connections where connector = 'slack')",
    );
    await connect(olga, 'slack', 'slack', { id: 'U-olga', email: 'olga@slack.example', name: 'olga' }, true);
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(olga, 'What does the treasurer propose about the marzipan budget?')).some((s) => s.snippet.includes('marzipan')), {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(false);
    await citing(olga, 'When does the heather honey harvest start?', 'heather');
  });

  test("a Teams channel's messages are read by its members; removed from the team at the source, a member stops getting them after the next sync; a reply to a quiet message comes at the next delta", {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now();
    const emails = { hal: `hal.${stamp}@acme.example`, ivy: `ivy.${stamp}@acme.example` };
    const kim = await signedUp(server.url, 'Kim');
    const hal = await signedUp(server.url, 'Hal', emails.hal);
    const ivy = await signedUp(server.url, 'Ivy', emails.ivy);
    await organisation(kim, [hal, ivy], [emails.hal, emails.ivy]);
    teams.team('T-bees', 'Bees');
    // A standard channel's members are its team's: Hal's address as Teams knows it (in capitals) is his.
    teams.channel('T-bees', 'C-apiary', 'Apiary', ['kim@teams.example', emails.hal.toUpperCase()]);
    teams.messages('T-bees', 'C-apiary').put({ id: 'm1', html: '<p>The propolis screens go on in <b>September</b>.</p>', from: 'Kim' });
    teams.replies('T-bees', 'C-apiary', 'm1').put({ id: 'r1', html: '<p>And the mouse guards go on in <b>October</b>.</p>', from: 'Hal' });

    await connect(kim, 'microsoft_teams', 'microsoft', { id: 'aad-kim', email: 'kim@teams.example', name: 'Kim' }, true);
    await citing(hal, 'When do the propolis screens go on?', 'propolis');
    // A reply to the message is read too, and cited on its own.
    const [reply] = await citing(hal, 'When do the mouse guards go on?', 'mouse guards');
    expect(reply).toMatchObject({ meta_data: { connection_type: 'microsoft_teams', authors: ['Hal'] } });
    await neverCites(ivy, 'When do the propolis screens go on?', 'propolis');

    // Hal leaves the team at the source: the message is unchanged, yet after the next sync he no longer gets it.
    const apiary = teams.teams.get('T-bees')?.channels.get('C-apiary');
    if (apiary) apiary.members = ['kim@teams.example'];
    await connect(kim, 'microsoft_teams', 'microsoft', { id: 'aad-kim', email: 'kim@teams.example', name: 'Kim' }, true);
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(hal, 'When do the propolis screens go on?')).some((s) => s.snippet.includes('propolis')), {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(false);
    await citing(kim, 'When do the propolis screens go on?', 'propolis');
    // Ivy joins it: she reads it after the next sync.
    if (apiary) apiary.members = ['kim@teams.example', emails.ivy];
    await connect(kim, 'microsoft_teams', 'microsoft', { id: 'aad-kim', email: 'kim@teams.example', name: 'Kim' }, true);
    await citing(ivy, 'When do the propolis screens go on?', 'propolis');
    // A reply posted to the quiet message (the message itself unchanged) is cited after the next sync, a delta, not the daily walk.
    teams.replies('T-bees', 'C-apiary', 'm1').put({ id: 'r2', html: '<p>The queen excluder comes off in <b>November</b>.</p>', from: 'Kim' });
    await connect(kim, 'microsoft_teams', 'microsoft', { id: 'aad-kim', email: 'kim@teams.example', name: 'Kim' }, true);
    const [late] = await citing(ivy, 'When does the queen excluder come off?', 'queen excluder');
    expect(late).toMatchObject({ meta_data: { connection_type: 'microsoft_teams', authors: ['Kim'] } });
  });

  test('a member not shared a Drive file never gets its passages; one it is shared with does, cited with its connection; sharing changed alone moves them at the next delta without a download', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now();
    const emails = { dan: `dan.${stamp}@acme.example`, fay: `fay.${stamp}@acme.example` };
    const gil = await signedUp(server.url, 'Gil');
    const dan = await signedUp(server.url, 'Dan', emails.dan);
    const fay = await signedUp(server.url, 'Fay', emails.fay);
    const org = await organisation(gil, [dan, fay], [emails.dan, emails.fay]);
    putHiveDriveFiles(drive, emails.dan);
    await connect(gil, 'google_drive', 'google', { id: 'g-gil', email: 'gil@drive.example', name: 'Gil' }, true);
    const picked = await gil.post('/rest/connectors/google_drive/files', {
      file_ids: ['wintering', 'ledger'],
      file_repository_info: { file_repository_type: 'ORG', owner_id: org },
    });
    expect(picked.status, picked.text).toBe(202);

    const [winter] = await citing(dan, 'When are the hives wrapped in tar paper?', 'tar paper');
    expect(winter.meta_data).toMatchObject({ connection_type: 'google_drive', connection_file_url: 'https://drive.example/file/wintering' });
    expect(winter.file_metadata).toMatchObject({ file_repository_type: 'ORG', connector_type: 'google_drive' });
    // Gil connected it: he reads both; Fay was shared neither, Dan not the ledger.
    await citing(gil, 'What does the pollination contract with the almond grower pay?', 'almond');
    await neverCites(fay, 'When are the hives wrapped in tar paper?', 'tar paper');
    await neverCites(fay, 'What does the pollination contract with the almond grower pay?', 'almond');
    await neverCites(dan, 'What does the pollination contract with the almond grower pay?', 'almond');

    // Nor do the organisation's file lists, searches, counts or the file's own page show it to them.
    const ORG_FILES = { file_repository_type: 'ORG', owner_id: org };
    const names = async (b: Browser, body: Record<string, unknown> = {}) =>
      ((await b.post('/rest/file-repository/list-files', { file_repository_info: ORG_FILES, ...body })).json.files as { filename: string }[])
        .map((f) => f.filename)
        .sort();
    await expect.poll(() => names(gil), { timeout: 30_000 }).toEqual(['ledger.txt', 'wintering.txt']);
    expect(await names(dan)).toEqual(['wintering.txt']);
    expect(await names(fay)).toEqual([]);
    expect(await names(fay, { filters: { search_keyword: 'wintering' } })).toEqual([]);
    const offsetList = async (b: Browser) => (await b.post('/rest/files/list', { file_repository_info: ORG_FILES, search_term: 'txt' })).json;
    expect((await offsetList(dan)).num_total_files).toBe(1);
    expect(await offsetList(fay)).toMatchObject({ files: [], num_total_files: 0 });
    const summary = async (b: Browser) => (await b.post('/rest/file-repository/summary', { file_repository_info: ORG_FILES })).json.total_files;
    expect([await summary(gil), await summary(dan), await summary(fay)]).toEqual([2, 1, 0]);
    // The connector files table lists to each only what the source lets them read.
    const items = async (b: Browser) =>
      ((await b.post('/rest/connectors/files/list', { file_repository_info: ORG_FILES })).json.files as { name: string }[]).map((f) => f.name).sort();
    expect([await items(gil), await items(dan), await items(fay)]).toEqual([['ledger.txt', 'wintering.txt'], ['wintering.txt'], []]);
    const winterFile = winter.meta_data.file_uuid as string;
    expect((await dan.get(`/rest/file-repository/files/${winterFile}`)).status).toBe(200);
    expect((await fay.get(`/rest/file-repository/files/${winterFile}`)).status).toBe(404);

    // Unsharing at the source reaches answers at the next delta: the file is shared with Fay
    // instead of Dan, only its sharing changes (its modifiedTime stays), and a delta runs. Its
    // readers change in place: the delta neither downloads nor indexes it again.
    const indexed = async () =>
      (await query<{ n: string }>("select count(*) as n from events where stream_id = $1 and type = 'FileIndexed'", [`file-${winterFile}`]))[0].n;
    const [downloadsBefore, indexedBefore] = [drive.state.downloads.wintering, await indexed()];
    expect([downloadsBefore, indexedBefore]).toEqual([1, '1']);
    drive.share('wintering', [{ type: 'user', emailAddress: emails.fay, role: 'reader' }]);
    const resync = await gil.post('/rest/files/resync', { file_repository_info: ORG_FILES, filters: { remote_file_ids: ['no-such-item'] } });
    expect(resync.status, resync.text).toBe(202);
    await citing(fay, 'When are the hives wrapped in tar paper?', 'tar paper');
    await syncsSettled();
    await expect
      .poll(async () => (await sourcesFor(dan, 'When are the hives wrapped in tar paper?')).some((s) => s.snippet.includes('tar paper')), {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(false);
    expect([await names(gil), await names(dan), await names(fay)]).toEqual([['ledger.txt', 'wintering.txt'], [], ['wintering.txt']]);
    expect([await items(gil), await items(dan), await items(fay)]).toEqual([['ledger.txt', 'wintering.txt'], [], ['wintering.txt']]);
    expect((await dan.get(`/rest/file-repository/files/${winterFile}`)).status).toBe(404);
    expect((await fay.get(`/rest/file-repository/files/${winterFile}`)).status).toBe(200);
    expect([drive.state.downloads.wintering, await indexed()]).toEqual([downloadsBefore, indexedBefore]);
    const changed = await query<{ data: { readers: string[] } }>("select data from events where stream_id = $1 and type = 'FileReadersChanged'", [
      `file-${winterFile}`,
    ]);
    expect(changed.map((e) => e.data.readers.filter((r) => r.startsWith('email:')))).toEqual([[`email:${emails.fay}`]]);
  });
});
