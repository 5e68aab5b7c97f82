// The bug-report tool on the real server (seed 000 §2, §4, §7): a report is filed in Linear (by
// its GraphQL API) or GitHub issues (by REST), each a fake on 127.0.0.1; the answer's linear_url
// is the issue's address; the reporter's own thread becomes public read with its expiry removed,
// anyone else's is left as it is. A wrong hook is a plain 404, a blank text, a disallowed
// category and a 1 MB body are refused, the path is rate limited, and a server with no tracker
// says so (503). Who may do what is in the authorization matrix at the end.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGithubIssuesFake } from '../fakes/github-issues.js';
import { startLinearFake } from '../fakes/linear.js';
import { createTestDatabase, queryRows } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { organisationWith } from '../support/org-members.js';
import { askAndWait, PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const HOOK = 'debugger-0123456789abcdef';
const LINEAR_KEY = 'lin_api_secret_key_for_tests';
const GITHUB_TOKEN = 'ghp_secret_token_for_tests';
const RATE_LIMIT = 3;

let databases: { url: string; drop: () => Promise<void> }[] = [];
let linearServer: ServerProcess;
let githubServer: ServerProcess;
let unconfigured: ServerProcess;
let linear: Awaited<ReturnType<typeof startLinearFake>>;
let github: Awaited<ReturnType<typeof startGithubIssuesFake>>;

beforeAll(async () => {
  linear = await startLinearFake({ apiKey: LINEAR_KEY, teamId: 'team-1', users: { 'triager@example.com': 'user-triager' } });
  github = await startGithubIssuesFake({ token: GITHUB_TOKEN, repo: 'acme/engine' });
  databases = await Promise.all([createTestDatabase('bug_linear'), createTestDatabase('bug_github'), createTestDatabase('bug_off')]);
  [linearServer, githubServer, unconfigured] = await Promise.all([
    startServerProcess({
      databaseUrl: databases[0]!.url,
      env: {
        BUG_REPORT_TRACKER: 'linear',
        BUG_REPORT_HOOK: HOOK,
        BUG_REPORT_LINEAR_API_KEY: LINEAR_KEY,
        BUG_REPORT_LINEAR_TEAM_ID: 'team-1',
        BUG_REPORT_LINEAR_API_URL: `${linear.url}/graphql`,
        BUG_REPORT_RATE_LIMIT: '100',
      },
    }),
    startServerProcess({
      databaseUrl: databases[1]!.url,
      env: {
        BUG_REPORT_TRACKER: 'github',
        BUG_REPORT_HOOK: HOOK,
        BUG_REPORT_GITHUB_REPO: 'acme/engine',
        BUG_REPORT_GITHUB_TOKEN: GITHUB_TOKEN,
        BUG_REPORT_GITHUB_API_URL: github.url,
        BUG_REPORT_RATE_LIMIT: String(RATE_LIMIT),
      },
    }),
    startServerProcess({ databaseUrl: databases[2]!.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([linearServer?.stop(), githubServer?.stop(), unconfigured?.stop()]);
  await Promise.all([linear?.close(), github?.close()]);
  await Promise.all(databases.map((d) => d.drop()));
});

const report = (b: Browser, body: unknown, hook = HOOK) => b.send('POST', `/webhooks/${hook}/web`, { json: body });
const problem = (res: Sent, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.json).toMatchObject({ status, code });
};
const threadPage = (server: ServerProcess, slug: string) => `${server.url}/search/${slug}`;

/** A visitor's thread, kept by signing up in the same browser: it still has its expiry. */
async function claimedThread(server: ServerProcess, name: string) {
  const b = await visitor(server.url);
  const t = await askAndWait(server.url, b, 'why does the answer stop halfway?');
  const signUp = await b.post('/api/auth/sign-up/email', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`,
    password: PASSWORD,
  });
  expect(signUp.status, signUp.text).toBe(200);
  expect((await b.get(`/rest/thread/${t.thread_url_slug}`)).json).toMatchObject({ thread_access: 'private read', is_owner: true });
  expect(await stored(server, t.context_uuid)).toEqual({ thread_access: 'private read', expiring: true });
  return { b, t };
}

/** The thread's access and whether it still expires, as its read model keeps them (a kept thread's page hides its expiry). */
async function stored(server: ServerProcess, contextUuid: string) {
  const database = databases[[linearServer, githubServer, unconfigured].indexOf(server)]!.url;
  const [row] = await queryRows<{ thread_access: string; expiry_time: Date | null }>(
    database,
    'select thread_access, expiry_time from threads where context_uuid = $1',
    [contextUuid],
  );
  return { thread_access: row!.thread_access, expiring: row!.expiry_time !== null };
}

describe('filed in Linear', () => {
  test('the server offers bug reports and gives its client the hook', async () => {
    const features = (await (await visitor(linearServer.url)).get('/rest/server/features')).json;
    expect(features).toMatchObject({ bug_reports: true, bug_report_hook: HOOK });
  });

  test("the owner's report is filed with its title, page, category and assignee; their thread becomes public read with no expiry", async () => {
    const { b, t } = await claimedThread(linearServer, 'Owner Reporter');
    const url = threadPage(linearServer, t.thread_url_slug);
    const res = await report(b, {
      bug_text: '\n  The answer stops halfway  \nIt cut off after the second source.',
      url,
      email: 'triager@example.com',
      category: 'SEARCH',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ status: 'success', linear_url: `https://linear.app/test/issue/BUG-${linear.issues.length}` });
    const issue = linear.issues.at(-1)!;
    expect(issue).toMatchObject({ teamId: 'team-1', title: 'The answer stops halfway', assigneeId: 'user-triager' });
    expect(issue.description).toContain('It cut off after the second source.');
    expect(issue.description).toContain(`- **Page**: ${url}`);
    expect(issue.description).toContain('- **Category**: SEARCH');
    expect(issue.description).toMatch(/- \*\*Reporter\*\*: Owner Reporter <owner\.reporter\.\d+@example\.com>/);

    expect((await b.get(`/rest/thread/${t.thread_url_slug}`)).json).toMatchObject({ thread_access: 'public read', is_published: true });
    expect(await stored(linearServer, t.context_uuid)).toEqual({ thread_access: 'public read', expiring: false });
    // Whoever triages the issue can read the thread now.
    expect((await (await visitor(linearServer.url)).get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(200);
    // The tracker's key never reaches the logs.
    expect(linearServer.logs()).not.toContain(LINEAR_KEY);
  });

  test('an assignee Linear does not know leaves the issue unassigned; no category or page is fine', async () => {
    const b = await signedUp(linearServer.url, 'Plain Reporter');
    const res = await report(b, { bug_text: 'Settings do not save', email: 'nobody@example.com' });
    expect(res.status, res.text).toBe(200);
    expect(linear.issues.at(-1)).not.toHaveProperty('assigneeId');
    expect(linear.issues.at(-1)!.description).toContain('- **Category**: not given');
  });

  test("a report from someone else's thread page leaves that thread as it is", async () => {
    const { t } = await claimedThread(linearServer, 'Private Owner');
    const stranger = await signedUp(linearServer.url, 'Nosy Stranger');
    expect((await report(stranger, { bug_text: 'This page is broken', url: threadPage(linearServer, t.thread_url_slug) })).status).toBe(200);
    expect(await stored(linearServer, t.context_uuid)).toEqual({ thread_access: 'private read', expiring: true });
    problem(await stranger.get(`/rest/thread/${t.thread_url_slug}`), 403, 'thread_private');
  });

  test("the owner's thread on another site's address is not this server's thread: left as it is", async () => {
    const { b, t } = await claimedThread(linearServer, 'Elsewhere Owner');
    expect((await report(b, { bug_text: 'Odd', url: `https://elsewhere.example/search/${t.thread_url_slug}` })).status).toBe(200);
    expect(await stored(linearServer, t.context_uuid)).toEqual({ thread_access: 'private read', expiring: true });
  });

  test('the tracker failing: 503 tracker_failed and the thread is left as it is', async () => {
    const { b, t } = await claimedThread(linearServer, 'Unlucky Owner');
    const filed = linear.issues.length;
    linear.fail(true);
    try {
      problem(await report(b, { bug_text: 'Crash', url: threadPage(linearServer, t.thread_url_slug) }), 503, 'tracker_failed');
    } finally {
      linear.fail(false);
    }
    expect(linear.issues.length).toBe(filed);
    expect(await stored(linearServer, t.context_uuid)).toEqual({ thread_access: 'private read', expiring: true });
  });

  test('a wrong hook is a 404 like any path that does not exist, and files nothing', async () => {
    const b = await visitor(linearServer.url);
    const filed = linear.issues.length;
    const wrong = await report(b, { bug_text: 'Guessing' }, 'not-the-hook');
    problem(wrong, 404, 'not_found');
    const nowhere = await b.send('POST', '/webhooks/not-the-hook/elsewhere', { json: { bug_text: 'Guessing' } });
    expect(wrong.json).toEqual({ ...nowhere.json, detail: nowhere.json.detail.replace('/elsewhere', '/web') });
    expect(linear.issues.length).toBe(filed);
  });

  test('bad input: blank text, a disallowed category, a bad assignee address, a 1 MB body', async () => {
    const b = await visitor(linearServer.url);
    const filed = linear.issues.length;
    const blank = await report(b, { bug_text: '   \n\t ' });
    problem(blank, 400, 'bug_text_required');
    expect(blank.json.detail).toBe('Please describe the bug');
    problem(await report(b, { bug_text: '' }), 400, 'invalid_request');
    problem(await report(b, { url: 'https://x.example' }), 400, 'invalid_request');
    problem(await report(b, { bug_text: 'Broken', category: 'BILLING' }), 400, 'invalid_request');
    problem(await report(b, { bug_text: 'Broken', email: 'not an address' }), 400, 'invalid_request');
    problem(await report(b, { bug_text: 'x'.repeat(1024 * 1024) }), 413, 'payload_too_large');
    expect(linear.issues.length).toBe(filed);
  });
});

describe('filed in GitHub issues', () => {
  test("the issue's html_url is the answer's linear_url; the owner's thread is shared", async () => {
    const { b, t } = await claimedThread(githubServer, 'Hub Owner');
    const res = await report(b, { bug_text: 'Sources missing\nNo citations shown.', url: threadPage(githubServer, t.thread_url_slug), category: 'WEB' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ status: 'success', linear_url: `https://github.com/acme/engine/issues/${github.issues.length}` });
    expect(github.issues.at(-1)!.title).toBe('Sources missing');
    expect(github.issues.at(-1)!.body).toContain('- **Category**: WEB');
    expect(await stored(githubServer, t.context_uuid)).toEqual({ thread_access: 'public read', expiring: false });
    expect(githubServer.logs()).not.toContain(GITHUB_TOKEN);
  });

  test(`more than ${RATE_LIMIT} requests in 10 minutes from one address: 429, wrong hooks counted too`, async () => {
    const b = await visitor(githubServer.url);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) statuses.push((await report(b, { bug_text: `Spam ${i}` }, `guess-${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
    const limited = await report(b, { bug_text: 'One more' });
    problem(limited, 429, 'rate_limited');
  });
});

describe('without a tracker', () => {
  test('the features say so and the call answers 503 bug_reports_not_configured', async () => {
    const b = await visitor(unconfigured.url);
    expect((await b.get('/rest/server/features')).json).toMatchObject({ bug_reports: false, bug_report_hook: null });
    problem(await report(b, { bug_text: 'Anything' }), 503, 'bug_reports_not_configured');
    problem(await report(b, { bug_text: 'Anything' }, 'any-hook-at-all'), 503, 'bug_reports_not_configured');
  });
});

// Who may file a report, and what becomes of the thread it was filed from (seed 000 §4).
describe('authorization matrix: submitBugReport', () => {
  type Row = { who: string; status: number; thread: 'public read' | 'private read' };
  const rows: Row[] = [
    { who: 'owner', status: 200, thread: 'public read' },
    { who: 'organisation member (public sharing allowed)', status: 200, thread: 'public read' },
    { who: 'organisation member (public sharing forbidden)', status: 200, thread: 'private read' },
    { who: 'stranger', status: 200, thread: 'private read' },
    { who: 'anonymous owner', status: 200, thread: 'private read' },
    { who: 'anonymous stranger', status: 200, thread: 'private read' },
  ];
  let orgOwner: Browser;
  beforeAll(async () => {
    orgOwner = await signedUp(linearServer.url, 'Org Owner');
  });

  for (const row of rows)
    test(`${row.who}: ${row.status}, the thread ${row.thread}`, async () => {
      let asker: Browser;
      if (row.who === 'anonymous owner') asker = await visitor(linearServer.url);
      else if (row.who.startsWith('organisation member')) {
        const email = `member.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
        asker = await signedUp(linearServer.url, 'Org Member', email);
        const org = await organisationWith(orgOwner, databases[0]!.url, 'Bug Org', [{ b: asker, email }]);
        const allowed = !row.who.includes('forbidden');
        const perms = await orgOwner.send('PUT', `/rest/organizations/${org}/permissions`, { json: { public_sharing_allowed: allowed } });
        expect(perms.status, perms.text).toBe(200);
      } else asker = await signedUp(linearServer.url, 'Matrix Owner');
      const t = await askAndWait(linearServer.url, asker, 'who can see my bug report?');
      let reporter: Browser;
      if (row.who === 'stranger') reporter = await signedUp(linearServer.url, 'Matrix Stranger');
      else if (row.who === 'anonymous stranger') reporter = await visitor(linearServer.url);
      else reporter = asker;
      const res = await report(reporter, { bug_text: 'Matrix', url: threadPage(linearServer, t.thread_url_slug) });
      expect(res.status, res.text).toBe(row.status);
      expect((await asker.get(`/rest/thread/${t.thread_url_slug}`)).json.thread_access).toBe(row.thread);
    });
});
