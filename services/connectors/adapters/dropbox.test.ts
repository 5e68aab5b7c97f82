// The Dropbox adapter against a fake of Dropbox API v2 on 127.0.0.1 (tests/fakes/oauth): the
// recursive listing resumes from Dropbox's own cursor with nothing lost or doubled, deltas see
// edits, deletions (by path) and unsharing and say when Dropbox reset the cursor, items name their
// folders by id (Dropbox gives paths only), readers come
// from the members of shared files, a 429 storm is waited out, an expired token is refreshed
// once, and downloads go to the content host with the Dropbox-API-Arg header and a size limit.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeDropbox } from '../../../tests/fakes/oauth/dropbox.js';
import { walkersOf } from '../../../tests/fakes/oauth/adapter-walks.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { ProviderHttpError } from '../provider-call.js';
import { endpointsOf } from '../providers.js';
import { dropboxAdapter, dropboxArg } from './dropbox.js';
import { CursorExpired } from './types.js';

let fake: OAuthFake;
const dbx = createFakeDropbox();
const ROOT = { remoteId: 'id:projects' };

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'dropbox', clientId: 'c', clientSecret: 's', api: dbx.api });
  dbx.put({ id: 'id:projects', path: '/Projects', folder: true });
  for (let i = 0; i < 7; i++) dbx.put({ id: `id:f${i}`, path: `/Projects/notes ${i}.txt`, content: `note ${i}` });
  dbx.edit('id:f0', { members: ['Owner@Example.com', 'ann@example.com'] });
  dbx.put({ id: 'id:sub', path: '/Projects/Sub', folder: true });
  // Sub is a shared folder: its files are readable by its members.
  dbx.state.sharedFolders.set('sf-1', ['owner@example.com', 'Team@Example.com']);
  for (let i = 0; i < 3; i++) dbx.put({ id: `id:s${i}`, path: `/Projects/Sub/deep ${i}.md`, content: `# deep ${i}`, sharedFolder: 'sf-1' });
  dbx.put({ id: 'id:elsewhere', path: '/other.txt', content: 'not picked' });
  dbx.put({ id: 'id:café', path: '/Projects/café.txt', content: 'crème' });
});
afterAll(async () => fake?.close());

function adapter(pageSize = 3) {
  const run = fakeCallDeps(fake, 'dropbox');
  const contentBase = endpointsOf('dropbox', fake.url).content ?? '';
  return { ...run, a: dropboxAdapter(run.deps, { contentBase, pageSize, deltaPath: '' }) };
}

const { walkAll, slimAll } = walkersOf(ROOT);
const ALL = ['id:café', 'id:f0', 'id:f1', 'id:f2', 'id:f3', 'id:f4', 'id:f5', 'id:f6', 'id:s0', 'id:s1', 'id:s2', 'id:sub'];

describe('the Dropbox adapter', () => {
  it('moves the content host with the API host, and leaves Google’s addresses as they were', () => {
    expect(endpointsOf('dropbox', null).content).toBe('https://content.dropboxapi.com/2');
    expect(endpointsOf('dropbox', 'http://127.0.0.1:9/').content).toBe('http://127.0.0.1:9/2');
    expect(endpointsOf('google', 'http://127.0.0.1:9')).not.toHaveProperty('content');
    expect(endpointsOf('google', 'http://127.0.0.1:9').api).toBe('http://127.0.0.1:9');
  });

  it('lists a picked folder recursively, without the folder itself or anything outside it, with readers of shared files', async () => {
    const { items, checkpoint } = await walkAll(adapter().a);
    expect(checkpoint).toBeNull();
    expect(items.map((i) => i.remoteId).sort()).toEqual(ALL);
    expect(items.find((i) => i.remoteId === 'id:sub')?.kind).toBe('FOLDER');
    expect(items.find((i) => i.remoteId === 'id:s1')).toMatchObject({ path: '/projects/sub/deep 1.md', size: 8 });
    expect(items.find((i) => i.remoteId === 'id:f0')?.readers).toEqual({ emails: ['ann@example.com', 'owner@example.com'], domains: [], anyone: false });
    expect(items.find((i) => i.remoteId === 'id:f1')?.readers).toBeNull();
    expect(items.find((i) => i.remoteId === 'id:s2')?.readers).toEqual({ emails: ['owner@example.com', 'team@example.com'], domains: [], anyone: false });
  });

  it('names each item under its folder by id, whether the folder is on the same page or an earlier one (asked by path once a page)', async () => {
    for (const pageSize of [100, 1]) {
      const { items } = await walkAll(adapter(pageSize).a);
      const parents = Object.fromEntries(items.map((i) => [i.remoteId, i.parentRemoteIds]));
      expect(parents['id:f1']).toEqual(['id:projects']);
      expect(parents['id:sub']).toEqual(['id:projects']);
      expect(parents['id:s2']).toEqual(['id:sub']);
    }
    // In a delta too: an edit keeps the file under its folder.
    const { a } = adapter(100);
    const cursor = await a.startCursor();
    dbx.edit('id:s1', { content: '# deep 1, again' });
    expect((await a.deltaPage(cursor)).changes.map((c) => [c.remoteId, c.item?.parentRemoteIds])).toEqual([['id:s1', ['id:sub']]]);
  });

  it("asks a shared folder's members once per page, and a file's own members only when it is shared on its own", async () => {
    const members = dbx.state.memberCalls;
    const folderMembers = dbx.state.folderMemberCalls;
    await adapter(100).a.listPage(ROOT, null);
    expect(dbx.state.memberCalls - members).toBe(1);
    expect(dbx.state.folderMemberCalls - folderMembers).toBe(1);
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), async (stopAfter, pageSize) => {
        const first = await walkAll(adapter(pageSize).a, stopAfter);
        const ids = first.items.map((i) => i.remoteId);
        let checkpoint = first.checkpoint;
        const second = adapter(pageSize).a;
        while (checkpoint) {
          const page = await second.listPage(ROOT, checkpoint);
          ids.push(...page.items.map((i) => i.remoteId));
          checkpoint = page.checkpoint;
        }
        expect(ids.sort()).toEqual(ALL);
      }),
      { numRuns: 15 },
    );
    // Fifteen walks twice over: generous, for a loaded machine.
  }, 120_000);

  it('sees edits, deletions by path and unsharing since the latest cursor, then says when Dropbox reset it', async () => {
    const { a } = adapter(2);
    const cursor = await a.startCursor();
    dbx.edit('id:f3', { content: 'note 3, longer now' });
    dbx.remove('id:f4');
    dbx.edit('id:f0', { members: [] });
    const changes = [];
    let at = cursor;
    let pages = 0;
    for (;;) {
      const page = await a.deltaPage(at);
      changes.push(...page.changes);
      at = page.cursor;
      pages++;
      if (!page.more) break;
    }
    expect(pages).toBe(2);
    expect(changes.map((c) => [c.remoteId, c.removed])).toEqual([
      ['id:f3', false],
      ['/projects/notes 4.txt', true],
      ['id:f0', false],
    ]);
    expect(changes[1].removedPath).toBe('/projects/notes 4.txt');
    expect(changes[0].item?.size).toBe(18);
    expect(changes[2].item?.readers).toBeNull();
    expect((await a.deltaPage(at)).changes).toEqual([]);

    dbx.put({ id: 'id:late', path: '/late.txt', content: 'late' });
    dbx.state.resetBefore = Number.MAX_SAFE_INTEGER;
    try {
      await expect(a.deltaPage(at)).rejects.toBeInstanceOf(CursorExpired);
    } finally {
      dbx.state.resetBefore = 0;
    }
  });

  it('names every id under a root in the slim listing', async () => {
    const { a } = adapter();
    const ids = await slimAll(a);
    expect(ids.sort()).toEqual((await walkAll(adapter().a)).items.map((i) => i.remoteId).sort());
  });

  it('waits out a 429 storm as the provider asks, losing and doubling nothing', async () => {
    const before = (await walkAll(adapter().a)).items.map((i) => i.remoteId).sort();
    const { a, rateLimited } = adapter();
    dbx.state.rateLimitNext = 4;
    dbx.state.retryAfterSeconds = 0;
    const after = (await walkAll(a)).items.map((i) => i.remoteId).sort();
    expect(after).toEqual(before);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage(ROOT, null);
    fake.expire(run.current());
    const second = await run.a.listPage(ROOT, first.checkpoint);
    expect(second.items.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(1);
  });

  it('downloads from the content host with the argument in Dropbox-API-Arg (escaped), and refuses what is larger than allowed', async () => {
    const { a } = adapter();
    const cafe = await a.item({ remoteId: 'id:café' });
    expect(dropboxArg({ path: 'id:café' })).toBe('{"path":"id:caf\\u00e9"}');
    expect(await a.download(cafe!, 1000)).toEqual({ bytes: Buffer.from('crème'), filename: 'café.txt', contentType: 'application/octet-stream' });
    expect(dbx.state.downloads).toEqual(['id:café']);
    await expect(a.download(cafe!, 3)).rejects.toBeInstanceOf(ProviderHttpError);
    expect(await a.item({ remoteId: 'id:gone-for-good' })).toBeNull();
  });
});
