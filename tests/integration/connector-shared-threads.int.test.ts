// Issue 32's remaining leaks, closed on the real server against fakes of Slack and Google Drive
// (OAuth servers and APIs on 127.0.0.1). A thread shared with the organisation, or publicly,
// keeps the sources it was answered from; a connector's item among them (a Drive file, a Slack
// message) shows its title, snippet and link only to a reader its source lets read it, and to
// anyone else is 'Source not available to you' in its place: on the thread page, the article
// view, the answer's event stream and the source check. Uploads into the organisation's files
// neither replace a synced file by its name nor count the synced files the uploader may not read.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeDrive } from '../fakes/oauth/google-drive.js';
import { type FakeAccount, type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createFakeSlack } from '../fakes/oauth/slack.js';
import { putHiveDriveFiles } from '../fakes/oauth/hive-drive-files.js';
import { connectThroughFake } from '../support/connector-connect.js';
import { createTestDatabase } from '../support/database.js';
import { organisationWith } from '../support/org-members.js';
import { uploadUrls } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const CLIENTS = {
  slack: { clientId: 'slack-shared-client', clientSecret: 'slack-shared-secret-1234' },
  google: { clientId: 'google-shared-client', clientSecret: 'google-shared-secret-1234' },
};
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
const fakes: Record<keyof typeof CLIENTS, OAuthFake> = {} as never;
const slack = createFakeSlack();
const drive = createFakeDrive();

beforeAll(async () => {
  fakes.slack = await startOAuthFake({ family: 'slack', ...CLIENTS.slack, api: slack.api });
  fakes.google = await startOAuthFake({ family: 'google', ...CLIENTS.google, api: drive.api });
  database = await createTestDatabase('connector_shared_threads');
  // Three files a repository, whatever the plan: the limit an uploader meets is measurable.
  const env: Record<string, string> = {
    SIGN_IN_RATE_LIMIT: '1000',
    CONNECTOR_CALL_SPACING_MS: '100',
    FILE_LIMITS: 'free=3/100,pro=3/100,max=3/100,enterprise=3/100',
  };
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

async function connect(b: Browser, name: string, family: keyof typeof CLIENTS, account: FakeAccount) {
  fakes[family].state.account = account;
  expect((await connectThroughFake(b, server.url, name, { org: true })).searchParams.get('connected')).toBe(name);
}

type Source = { url: string; name: string; snippet: string; meta_data?: Record<string, unknown>; is_unavailable?: boolean };
type Asked = { thread: { context_uuid: string; backend_uuid: string; thread_url_slug: string }; sources: Source[] };

/** Asks until the answer's sources hold every word (the syncs bring them in meanwhile). */
async function askCiting(b: Browser, question: string, words: string[]): Promise<Asked> {
  let asked: Asked | undefined;
  await expect
    .poll(
      async () => {
        const events = await collect(await askStream(server.url, b, { query_str: question, search_mode: 'auto' }));
        const sources = (events.find((e) => e.event === 'sources')?.data.sources ?? []) as Source[];
        asked = { thread: events[0].data, sources };
        return words.every((w) => sources.some((s) => s.snippet.toLowerCase().includes(w)));
      },
      { timeout: 90_000, interval: 1000 },
    )
    .toBe(true);
  return asked!;
}

const NOT_AVAILABLE = (connection_type: string) => ({
  url: '',
  name: 'Source not available to you',
  snippet: '',
  meta_data: { connection_type },
  is_unavailable: true,
});

describe("a shared thread's connector sources", () => {
  test('the asker and a member the source lets read them see them; a member it does not, and a visitor of the public thread, see only that a source is not available', {
    timeout: 240_000,
  }, async () => {
    const stamp = Date.now();
    const emails = { dan: `dan.${stamp}@acme.example`, fay: `fay.${stamp}@acme.example` };
    const gil = await signedUp(server.url, 'Gil');
    const dan = await signedUp(server.url, 'Dan', emails.dan);
    const fay = await signedUp(server.url, 'Fay', emails.fay);
    const org = await organisationWith(gil, database.url, 'Shared Threads Org', [
      { b: dan, email: emails.dan },
      { b: fay, email: emails.fay },
    ]);
    // #hives has Gil and Dan, not Fay; the Drive file is shared with Dan, not Fay.
    slack.users.set('U-gil', { name: 'gil', real_name: 'Gil' });
    slack.users.set('U-dan', { name: 'dan', real_name: 'Dan', email: emails.dan });
    slack.users.set('U-fay', { name: 'fay', real_name: 'Fay', email: emails.fay });
    slack.channel({ id: 'C-hives', name: 'hives', members: ['U-gil', 'U-dan'] });
    slack.post('C-hives', { user: 'U-gil', text: 'The heather honey harvest starts on the ninth of August.' });
    putHiveDriveFiles(drive, emails.dan);
    await connect(gil, 'slack', 'slack', { id: 'U-gil', email: 'gil@slack.example', name: 'gil' });
    await connect(gil, 'google_drive', 'google', { id: 'g-gil', email: 'gil@drive.example', name: 'Gil' });
    const ORG_FILES = { file_repository_type: 'ORG' as const, owner_id: org };
    const picked = await gil.post('/rest/connectors/google_drive/files', { file_ids: ['wintering', 'ledger'], file_repository_info: ORG_FILES });
    expect(picked.status, picked.text).toBe(202);

    // Once the syncs are in (Gil, who connected both, is answered from both), Dan asks: his answer
    // cites the file shared with him and the channel he is in. (Asked once, so that none of his
    // earlier answers comes back as his conversation history.)
    const question = 'When are the hives wrapped in tar paper, and when does the heather honey harvest start?';
    await askCiting(gil, question, ['tar paper', 'heather']);
    // The file is Dan's to read once its sync has looked up its sharing and indexed it.
    const danFiles = async () =>
      ((await dan.post('/rest/file-repository/list-files', { file_repository_info: ORG_FILES })).json.files as { filename: string; file_state: string }[]).map(
        (f) => `${f.filename}:${f.file_state}`,
      );
    await expect.poll(danFiles, { timeout: 60_000, interval: 500 }).toEqual(['wintering.txt:COMPLETE']);
    const { thread, sources } = await askCiting(dan, question, ['tar paper', 'heather']);
    expect(sources.filter((s) => s.snippet.includes('tar paper'))).toHaveLength(1);
    const at = (word: string) => sources.findIndex((s) => s.snippet.toLowerCase().includes(word));
    const [file, message] = [at('tar paper'), at('heather')];
    expect(sources[file].meta_data).toMatchObject({ connection_type: 'google_drive', connection_file_url: 'https://drive.example/file/wintering' });
    expect(sources[message]).toMatchObject({ url: expect.stringContaining('/archives/C-hives/'), meta_data: { connection_type: 'slack' } });
    const shared = await dan.send('PUT', `/rest/thread/${thread.thread_url_slug}/access`, { json: { thread_access: 'org read' } });
    expect(shared.status, shared.text).toBe(200);

    const threadSources = async (b: Browser) => {
      const res = await b.get(`/rest/thread/${thread.thread_url_slug}`);
      expect(res.status, res.text).toBe(200);
      return res.json.entries[0].sources as Source[];
    };
    // Dan, who asked, and Gil, who connected both, see every source as it was recorded.
    expect(await threadSources(dan)).toEqual(sources);
    expect(await threadSources(gil)).toEqual(sources);

    // Fay reads the thread, but of the file and the message only that a source is not available:
    // no title, snippet, link, file or author; every other source, and the numbering, as recorded.
    const hidden = (seen: Source[]) => {
      expect(seen).toHaveLength(sources.length);
      expect(seen[file]).toEqual(NOT_AVAILABLE('google_drive'));
      expect(seen[message]).toEqual(NOT_AVAILABLE('slack'));
      for (const [i, s] of seen.entries()) if (i !== file && i !== message) expect(s).toEqual(sources[i]);
      const text = JSON.stringify(seen);
      for (const secret of ['tar paper', 'wintering', 'heather', 'C-hives', sources[file].meta_data?.file_uuid as string, sources[message].url])
        expect(text).not.toContain(secret);
    };
    hidden(await threadSources(fay));

    // The article view, the answer's event stream and the source check hide them from her alike.
    const article = await fay.get(`/rest/article/${thread.thread_url_slug}`);
    expect(article.status, article.text).toBe(200);
    hidden(article.json.entries[0].web_results);
    const replay = async (b: Browser) => {
      const res = await fetch(`${server.url}/rest/threads/entries/${thread.backend_uuid}/events`, {
        headers: { accept: 'text/event-stream', cookie: b.cookieHeader() },
      });
      expect(res.status).toBe(200);
      return (await collect(res)).find((e) => e.event === 'sources')?.data.sources as Source[];
    };
    hidden(await replay(fay));
    expect(await replay(gil)).toEqual(sources);
    const checked = await fay.post(`/rest/threads/entries/${thread.backend_uuid}/sources/check`);
    expect(checked.status, checked.text).toBe(200);
    for (const check of checked.json.checks as { citations: number[]; score: number; reason?: string }[]) {
      // A sentence backed only by sources she may not read has nothing to be checked against.
      if (check.citations.length && check.citations.every((n) => n - 1 === file || n - 1 === message)) expect(check.score).toBe(0);
      expect(check.reason ?? '').not.toContain('tar paper');
    }

    // Made public: a signed-out visitor sees the same as Fay; Dan still sees everything.
    const published = await dan.send('PUT', `/rest/thread/${thread.thread_url_slug}/access`, { json: { thread_access: 'public read' } });
    expect(published.status, published.text).toBe(200);
    hidden(await threadSources(await visitor(server.url)));
    expect(await threadSources(dan)).toEqual(sources);

    // Dan leaves #hives at the source: after the next delta the message is not available to him either.
    const hives = slack.channels.get('C-hives');
    if (hives) hives.members = ['U-gil'];
    await connect(gil, 'slack', 'slack', { id: 'U-gil', email: 'gil@slack.example', name: 'gil' });
    await expect.poll(async () => (await threadSources(dan))[message], { timeout: 60_000, interval: 1000 }).toEqual(NOT_AVAILABLE('slack'));
    expect((await threadSources(dan))[file]).toEqual(sources[file]);

    // Uploads into the organisation's files: a synced file's name is not a replacement (nor a tell
    // that it is there), and the three-file limit counts only the files the uploader may read.
    const upload = (names: string[]) => names.map((filename) => ({ filename, bytes: new TextEncoder().encode(`notes of ${filename}`) }));
    // Dan reads one of the two synced files: two of his three files fit (not one).
    const danForms = await uploadUrls(dan, ORG_FILES, upload(['a.txt', 'b.txt', 'c.txt']));
    expect(danForms.status, danForms.text).toBe(200);
    expect(danForms.json.file_url_params.map((p: { replaces_existing: boolean }) => p.replaces_existing)).toEqual([false, false]);
    expect(danForms.json.limits_reached).toMatchObject([{ code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit: 3 }]);
    // Fay reads neither: with Dan's two forms pending, her file fits, a new file beside the synced one of its name.
    const fayForms = await uploadUrls(fay, ORG_FILES, upload(['wintering.txt']));
    expect(fayForms.status, fayForms.text).toBe(200);
    expect(fayForms.json.limits_reached).toEqual([]);
    expect(fayForms.json.file_url_params).toEqual([expect.objectContaining({ replaces_existing: false })]);
    expect(fayForms.json.file_url_params[0].file_uuid).not.toBe(sources[file].meta_data?.file_uuid);
  });
});
