// The Atlassian adapters (Jira, Confluence, and both as the Atlassian connector) against a fake of
// Atlassian Cloud on 127.0.0.1 (tests/fakes/oauth/atlassian.ts): the site found through
// accessible-resources, issues and pages walked and resumed from any checkpoint, ADF and storage
// format read as text within limits, deltas by JQL and CQL with the time-zone margin and each
// change once, malformed answers refused with a reason, a paging link outside the API refused, a
// 429 storm waited out and an expired token refreshed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { createFakeAtlassian } from '../../../tests/fakes/oauth/atlassian.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { adfToText } from './adf.js';
import { MAX_DOCUMENT_TEXT } from './app-text.js';
import { atlassianAdapter } from './atlassian.js';
import { queryDate } from './atlassian-site.js';
import { confluenceAdapter } from './confluence.js';
import { jiraAdapter } from './jira.js';

let fake: OAuthFake;
const at = createFakeAtlassian();
const EVIL = '<script>alert(1)</script> {{7*7}}';
const adf = (...paragraphs: string[]) => ({
  type: 'doc',
  version: 1,
  content: paragraphs.map((t) => ({ type: 'paragraph', content: [{ type: 'text', text: t }] })),
});

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'atlassian', clientId: 'c', clientSecret: 's', api: at.api });
  at.issue({ id: '10001', key: 'ENG-1', summary: 'Login fails', description: adf('Steps:', 'Press login'), status: 'Open', project: 'ENG', reporter: 'Ada' });
  at.issue({ id: '10002', key: 'ENG-2', summary: 'Evil', description: adf(EVIL), project: 'ENG' });
  at.issue({ id: '10003', key: 'OPS-1', summary: 'No description', project: 'OPS' });
  at.page({
    id: 'p1',
    title: 'Runbook',
    storage:
      '<h1>Runbook</h1><p>Restart the <strong>service</strong>.</p><ac:structured-macro ac:name="info"><ac:rich-text-body><p>Be careful</p></ac:rich-text-body></ac:structured-macro><script>alert(1)</script>',
    space: 'OPS',
    by: 'Bob',
  });
  at.page({ id: 'p2', title: 'Child', storage: '<p>child page</p>', space: 'OPS', parent: 'p1' });
});
afterAll(async () => fake?.close());

const run = (pageSize = 2, which: 'both' | 'jira' | 'confluence' = 'both') => {
  const r = fakeCallDeps(fake, 'atlassian');
  const a =
    which === 'jira'
      ? jiraAdapter(r.deps, { pageSize })
      : which === 'confluence'
        ? confluenceAdapter(r.deps, { pageSize })
        : atlassianAdapter(r.deps, { pageSize });
  return { ...r, a };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const ALL = ['confluence:cloud-1:p1', 'confluence:cloud-1:p2', 'jira:cloud-1:10001', 'jira:cloud-1:10002', 'jira:cloud-1:10003'];

describe('the Atlassian adapters', () => {
  it('walk the Jira issues and Confluence pages of the site the grant reaches, as text', async () => {
    const { documents, checkpoint } = await walkApp(run().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(ALL);
    const by = (id: string) => documents.find((d) => d.remoteId === id);
    expect(by('jira:cloud-1:10001')).toMatchObject({
      kind: 'ISSUE',
      title: 'ENG-1: Login fails',
      text: 'Status: Open\n\nSteps:\nPress login',
      url: 'https://acme.atlassian.net/browse/ENG-1',
      authors: ['Ada'],
      container: 'Project ENG',
      readers: null,
    });
    expect(by('jira:cloud-1:10002')?.text).toBe(EVIL);
    expect(by('jira:cloud-1:10003')?.text).toBe('');
    expect(by('confluence:cloud-1:p1')).toMatchObject({
      kind: 'PAGE',
      title: 'Runbook',
      text: 'Runbook\nRestart the service.\nBe careful',
      url: 'https://acme.atlassian.net/wiki/spaces/OPS/pages/p1',
      authors: ['Bob'],
      container: 'Space OPS',
    });
    expect(by('confluence:cloud-1:p2')?.parentRemoteId).toBe('confluence:cloud-1:p1');
    expect(at.state.jql.at(-1)).toContain('ORDER BY updated ASC');
  });

  it('the Jira and Confluence connectors each walk their own product alone', async () => {
    expect(ids((await walkApp(run(2, 'jira').a)).documents)).toEqual(['cloud-1:10001', 'cloud-1:10002', 'cloud-1:10003']);
    expect(ids((await walkApp(run(2, 'confluence').a)).documents)).toEqual(['cloud-1:p1', 'cloud-1:p2']);
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => run(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(ALL);
      }),
      { numRuns: 15 },
    );
  });

  it('finds issues and pages changed since the cursor, each once, asking from a margin for the time zone', async () => {
    onTestFinished(() => {
      at.issues.delete('10004');
    });
    const { a } = run();
    const cursor = await a.startCursor();
    const since = JSON.parse(JSON.parse(cursor).cursors.jira).sites['cloud-1'].since as number;
    at.issue({ id: '10004', key: 'ENG-3', summary: 'New', project: 'ENG' });
    at.issue({ id: '10002', key: 'ENG-2', summary: 'Evil (edited)', description: adf(EVIL), project: 'ENG' });
    at.page({ id: 'p2', title: 'Child (edited)', storage: '<p>child page, longer</p>', space: 'OPS', parent: 'p1' });
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => `${c.remoteId}:${c.document?.title}`).sort()).toEqual([
      'confluence:cloud-1:p2:Child (edited)',
      'jira:cloud-1:10002:ENG-2: Evil (edited)',
      'jira:cloud-1:10004:ENG-3: New',
    ]);
    expect(at.state.jql.at(-1)).toBe(`updated >= "${queryDate(since - 15 * 3600 * 1000)}" ORDER BY updated ASC`);
    expect(at.state.cql.at(-1)).toMatch(/^type=page and lastmodified >= "\d{4}\/\d\d\/\d\d \d\d:\d\d" order by lastmodified asc$/);
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });

  it('reads every site the grant reaches, for the products granted there; a site granted since is read whole at the next delta', async () => {
    onTestFinished(() => {
      at.otherSites.length = 0;
      at.issues.delete('20001');
      at.pages.delete('q1');
    });
    at.otherSites.push({ id: 'cloud-2', name: 'Beta', url: 'https://beta.atlassian.net', scopes: ['read:jira-work'] });
    at.issue({ site: 'cloud-2', id: '20001', key: 'BETA-1', summary: 'On beta', project: 'BETA' });
    at.page({ site: 'cloud-2', id: 'q1', title: 'Not granted', storage: '<p>x</p>', space: 'B' });
    const walked = ids((await walkApp(run(10).a)).documents);
    expect(walked).toContain('jira:cloud-2:20001');
    expect(walked.filter((id) => id.includes('cloud-2'))).toEqual(['jira:cloud-2:20001']);
    expect((await walkApp(run(10).a)).documents.find((d) => d.remoteId === 'jira:cloud-2:20001')?.url).toBe('https://beta.atlassian.net/browse/BETA-1');

    at.otherSites.length = 0;
    const { a } = run();
    const cursor = await a.startCursor();
    at.otherSites.push({ id: 'cloud-2', name: 'Beta', url: 'https://beta.atlassian.net', scopes: ['read:jira-work', 'read:confluence-content.all'] });
    const delta = await drainDelta(a, cursor);
    expect(ids(delta.changes)).toEqual(['confluence:cloud-2:q1', 'jira:cloud-2:20001']);
    expect((await drainDelta(a, delta.cursor)).changes).toEqual([]);
  });

  it('says so when no site granted the product to this connection', async () => {
    at.state.scopes = ['read:jira-work'];
    onTestFinished(() => {
      at.state.scopes = ['read:jira-work', 'read:jira-user', 'read:confluence-content.all', 'search:confluence'];
    });
    await expect(run(2, 'confluence').a.listPage(null)).rejects.toThrow('no Atlassian site granted read:confluence-content.all to this connection');
  });

  it('refuses a malformed issue with a reason naming Jira and the field', async () => {
    at.issue({ id: 'bad', key: 'BAD-1', summary: '', project: 'BAD', raw: { id: 'bad', key: 'BAD-1', fields: { summary: 7 } } });
    onTestFinished(() => {
      at.issues.delete('bad');
    });
    await expect(walkApp(run(10, 'jira').a)).rejects.toThrow('Jira sent a malformed search result (at issues.3.fields.summary)');
  });

  it('follows no Confluence paging link outside its API', async () => {
    at.foreign.next = true;
    onTestFinished(() => {
      at.foreign.next = false;
    });
    await expect(walkApp(run(1, 'confluence').a)).rejects.toThrow('Confluence sent a paging link outside its API');
  });

  it('reads ADF without recursion, no deeper and no further than its limits, and caps the text', () => {
    let deep: unknown = { type: 'text', text: 'bottom' };
    for (let n = 0; n < 10_000; n++) deep = { type: 'paragraph', content: [deep] };
    expect(adfToText({ type: 'doc', content: [deep, { type: 'paragraph', content: [{ type: 'text', text: 'top' }] }] }).text).toBe('top');
    expect(
      adfToText({
        type: 'doc',
        content: [{ type: 'mention', attrs: { text: '@Ada' } }, { type: 'hardBreak' }, { type: 'inlineCard', attrs: { url: 'https://x.example' } }],
      }).text,
    ).toBe('@Ada\nhttps://x.example');
    expect(adfToText('not a document')).toEqual({ text: '', truncated: false });
    const long = adfToText(adf('a'.repeat(MAX_DOCUMENT_TEXT + 10)));
    expect(long.truncated).toBe(true);
    expect(long.text.length).toBe(MAX_DOCUMENT_TEXT);
    fc.assert(fc.property(fc.jsonValue(), (v) => typeof adfToText(v).text === 'string'));
  });

  it('waits out a 429 storm as Atlassian asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = run();
    at.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const r = run();
    const first = await r.a.listPage(null);
    fake.expire(r.current());
    expect((await r.a.listPage(first.checkpoint)).documents.length).toBeGreaterThan(0);
    expect(r.refreshed).toHaveLength(1);
  });
});
