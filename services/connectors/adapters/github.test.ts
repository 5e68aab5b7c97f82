// The GitHub adapter against a fake of GitHub's REST API on 127.0.0.1 (tests/fakes/oauth/github.ts):
// repositories, READMEs, issues and pull requests walked by `Link` pages (same-origin only) and
// resumed from any checkpoint with nothing lost or doubled; the delta asks with `since` and
// If-None-Match, so a quiet repository costs nothing; a 429 storm is waited out, an expired token
// refreshed once, and an issue's body stays data.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeGitHub } from '../../../tests/fakes/oauth/github.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { ProviderHttpError } from '../provider-call.js';
import { githubAdapter } from './github.js';

let fake: OAuthFake;
const github = createFakeGitHub();
const EVIL = '<script>alert(1)</script>\n[click](javascript:alert(2))\n{{7*7}}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'github', clientId: 'c', clientSecret: 's', api: github.api });
  github.repo('acme/api', { readme: '# API\nRead me first.' });
  for (let n = 1; n <= 6; n++)
    github.issue('acme/api', { number: n, title: `Issue ${n}`, body: `body ${n}`, pull: n % 3 === 0, labels: n === 1 ? ['bug', 'ui'] : [] });
  github.repo('acme/web', { private: false, readme: 'Web' });
  for (let n = 1; n <= 3; n++) github.issue('acme/web', { number: n, title: `Web ${n}`, body: n === 2 ? EVIL : null });
  github.repo('octo/empty');
});
afterAll(async () => fake?.close());

const adapter = (pageSize = 2) => {
  const run = fakeCallDeps(fake, 'github');
  return { ...run, a: githubAdapter(run.deps, { pageSize }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const ALL = [
  'acme/api#1',
  'acme/api#2',
  'acme/api#3',
  'acme/api#4',
  'acme/api#5',
  'acme/api#6',
  'acme/api#readme',
  'acme/web#1',
  'acme/web#2',
  'acme/web#3',
  'acme/web#readme',
];

describe('the GitHub adapter', () => {
  it("walks every repository's README, issues and pull requests, readers by the repository", async () => {
    const { documents, checkpoint } = await walkApp(adapter().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(ALL);
    expect(documents.find((d) => d.remoteId === 'acme/api#1')).toMatchObject({
      kind: 'ISSUE',
      title: '#1 Issue 1',
      text: 'State: open\nLabels: bug, ui\n\nbody 1',
      url: 'https://github.com/acme/api/issues/1',
      authors: ['octocat'],
      container: 'acme/api',
      readers: { group: { kind: 'github_repository', key: 'acme/api' } },
    });
    expect(documents.find((d) => d.remoteId === 'acme/api#3')?.kind).toBe('PULL_REQUEST');
    expect(documents.find((d) => d.remoteId === 'acme/api#readme')).toMatchObject({
      kind: 'README',
      text: '# API\nRead me first.',
      url: 'https://github.com/acme/api#readme',
    });
    expect(documents.find((d) => d.remoteId === 'acme/web#1')?.readers).toEqual({ emails: [], domains: [], anyone: true });
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 4 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => adapter(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(ALL);
      }),
      { numRuns: 15 },
    );
  });

  it('follows no paging link to another address', async () => {
    github.state.foreignLinks = true;
    try {
      await expect(walkApp(adapter(1).a)).rejects.toBeInstanceOf(ProviderHttpError);
    } finally {
      github.state.foreignLinks = false;
    }
  });

  it('finds what changed since the cursor, new repositories whole, and a quiet round costs nothing but the missing README', async () => {
    onTestFinished(() => {
      github.repos.delete('acme/new');
      const web = github.repos.get('acme/web');
      if (web) web.issues = web.issues.filter((i) => i.number !== 4);
    });
    const { a } = adapter(10);
    const cursor = await a.startCursor();
    github.edit('acme/api', 2, { title: 'Issue 2 (edited)', state: 'closed' });
    github.issue('acme/web', { number: 4, title: 'Web 4', body: 'new' });
    github.repo('acme/new', { readme: 'New' });
    github.issue('acme/new', { number: 1, title: 'First', body: null });
    const first = await drainDelta(a, cursor);
    // READMEs have no `since`: the first round reads each once to learn its ETag.
    expect(ids(first.changes)).toEqual(['acme/api#2', 'acme/api#readme', 'acme/new#1', 'acme/new#readme', 'acme/web#4', 'acme/web#readme']);
    expect(first.changes.find((c) => c.remoteId === 'acme/api#2')?.document).toMatchObject({ title: '#2 Issue 2 (edited)', text: 'State: closed\n\nbody 2' });
    // `since` is inclusive: the newest of each repository comes once more, then its ETag holds.
    const second = await drainDelta(a, first.cursor);
    for (const c of second.changes) expect(first.changes.map((f) => f.remoteId)).toContain(c.remoteId);
    const charged = github.state.calls.charged;
    const notModified = github.state.calls.notModified;
    const third = await drainDelta(a, second.cursor);
    expect(third.changes).toEqual([]);
    expect(github.state.calls.charged - charged).toBe(1);
    // The list, three READMEs and four repositories' issues.
    expect(github.state.calls.notModified - notModified).toBe(8);
  });

  it('says nothing of a deleted issue in its delta, so it asks for the periodic walk, which no longer lists it', async () => {
    const { a } = adapter(10);
    github.issue('acme/web', { number: 5, title: 'Web 5', body: 'soon deleted' });
    onTestFinished(() => {
      const web = github.repos.get('acme/web');
      if (web) web.issues = web.issues.filter((i) => i.number !== 5);
    });
    const cursor = await a.startCursor();
    github.deleteIssue('acme/web', 5);
    const delta = await drainDelta(a, cursor);
    expect(delta.changes.filter((c) => c.remoteId === 'acme/web#5')).toEqual([]);
    expect(a.deltaMissesRemovals).toBe(true);
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
  });

  it('drops a repository gone since the round began rather than stopping at it for ever', async () => {
    const { a } = adapter(10);
    const first = await a.deltaPage(await a.startCursor());
    expect(first.more).toBe(true);
    const web = github.repos.get('acme/web');
    onTestFinished(() => {
      if (web) github.repos.set('acme/web', web);
    });
    github.repos.delete('acme/web');
    const second = await a.deltaPage(first.cursor);
    expect(second.more).toBe(true);
    expect(Object.keys(JSON.parse(second.cursor).repos).sort()).toEqual(['acme/api', 'octo/empty']);
    expect((await a.deltaPage(second.cursor)).more).toBe(false);
  });

  it('waits out a 429 storm as GitHub asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = adapter();
    github.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
    expect(rateLimited).toHaveLength(4);
  });

  it("waits for GitHub's hourly limit to reset (403 with x-ratelimit-reset) rather than failing", async () => {
    const { a, rateLimited } = adapter();
    github.state.hourlyLimitNext = 2;
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
    expect(rateLimited).toHaveLength(2);
  });

  it('refreshes an expired token once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage(null);
    fake.expire(run.current());
    const second = await run.a.listPage(first.checkpoint);
    expect(second.checkpoint).not.toBeNull();
    expect(run.refreshed).toHaveLength(1);
  });

  it('leaves out a README larger than it reads, and goes on', async () => {
    onTestFinished(() => {
      github.repos.delete('acme/huge');
    });
    github.repo('acme/huge', { readme: 'x'.repeat(1024 * 1024 + 1) });
    github.issue('acme/huge', { number: 1, title: 'Still read', body: null });
    const { documents } = await walkApp(adapter().a);
    expect(ids(documents)).toEqual([...ALL.slice(0, 7), 'acme/huge#1', ...ALL.slice(7)]);
  });

  it("keeps an issue's body as data", async () => {
    const { documents } = await walkApp(adapter().a);
    expect(documents.find((d) => d.remoteId === 'acme/web#2')?.text).toBe(`State: open\n\n${EVIL}`);
  });
});
