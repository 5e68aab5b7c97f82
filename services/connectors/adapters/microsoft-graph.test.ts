// The OneDrive and SharePoint adapter against a fake of Microsoft Graph v1.0 on 127.0.0.1
// (tests/fakes/oauth): the checkpointed walk (absolute next links) resumes with nothing lost or
// doubled, deltas see edits, removals and unsharing in every picked item's drive, one cursor each,
// and name a drive whose cursor expired (410) for a full listing, a
// next link to another origin is refused, readers come from the permissions of shared items,
// a 429 storm is waited out, an expired token is refreshed once, downloads follow Graph's
// redirect and refuse what is too large, and SharePoint's sites and drives are listed page by page.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeGraph } from '../../../tests/fakes/oauth/microsoft-graph.js';
import { walkersOf } from '../../../tests/fakes/oauth/adapter-walks.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { ProviderHttpError } from '../provider-call.js';
import { deltaTokenOf, graphReaders, microsoftGraphAdapter } from './microsoft-graph.js';
import { siteDrives, sites } from './sharepoint-sites.js';

let fake: OAuthFake;
const graph = createFakeGraph('drive-1');
const ROOT = { remoteId: 'projects', driveId: 'drive-1' };

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'microsoft', clientId: 'c', clientSecret: 's', api: graph.api });
  graph.put({ id: 'drive-root', name: 'root', parent: null, folder: true });
  graph.put({ id: 'projects', name: 'Projects', parent: 'drive-root', folder: true });
  for (let i = 0; i < 7; i++) graph.put({ id: `f${i}`, name: `notes ${i}.txt`, parent: 'projects', content: `note ${i}` });
  graph.edit('f0', {
    permissions: [
      { id: 'p1', roles: ['owner'], grantedToV2: { user: { id: 'u1', email: 'Owner@Contoso.com' } } },
      { id: 'p2', roles: ['read'], grantedToV2: { siteUser: { id: '7', loginName: 'i:0#.f|membership|ann@contoso.com' } } },
      { id: 'p3', roles: ['read'], grantedToIdentitiesV2: [{ user: { id: 'u2', email: 'bo@contoso.com' } }], link: { scope: 'users', type: 'view' } },
      { id: 'p4', roles: ['read'], link: { scope: 'organization', type: 'view' } },
    ],
  });
  graph.edit('f1', { permissions: [{ id: 'p5', roles: ['read'], link: { scope: 'anonymous', type: 'view' } }] });
  graph.put({ id: 'sub', name: 'Sub', parent: 'projects', folder: true });
  for (let i = 0; i < 3; i++) graph.put({ id: `s${i}`, name: `deep ${i}.md`, parent: 'sub', content: `# deep ${i}`, mimeType: 'text/markdown' });
  graph.put({ id: 'elsewhere', name: 'other.txt', parent: 'drive-root', content: 'not picked' });
});
afterAll(async () => fake?.close());

function adapter(pageSize = 3) {
  const run = fakeCallDeps(fake, 'microsoft');
  return { ...run, a: microsoftGraphAdapter(run.deps, { driveId: 'drive-1', orgDomain: 'contoso.com', pageSize }) };
}

const { walkAll, slimAll } = walkersOf(ROOT);
const ALL = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 's0', 's1', 's2', 'sub'];

describe('the Microsoft Graph adapter (OneDrive, SharePoint)', () => {
  it('walks a picked folder by next links, subfolders included and nothing outside it, with readers from shared items’ permissions', async () => {
    const { items, checkpoint } = await walkAll(adapter().a);
    expect(checkpoint).toBeNull();
    expect(items.map((i) => i.remoteId).sort()).toEqual(ALL);
    expect(items.find((i) => i.remoteId === 'sub')?.kind).toBe('FOLDER');
    expect(items.find((i) => i.remoteId === 's1')).toMatchObject({ driveId: 'drive-1', parentRemoteIds: ['sub'], mimeType: 'text/markdown' });
    expect(items.find((i) => i.remoteId === 'f0')?.readers).toEqual({
      emails: ['ann@contoso.com', 'bo@contoso.com', 'owner@contoso.com'],
      domains: ['contoso.com'],
      anyone: false,
    });
    expect(items.find((i) => i.remoteId === 'f1')?.readers).toEqual({ emails: [], domains: [], anyone: true });
    // Not shared: the owner's alone, and no permissions call was spent on it.
    expect(items.find((i) => i.remoteId === 'f2')?.readers).toBeNull();
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

  it("reads a delta link's token in either of Graph's forms, and readers from every kind of grant", () => {
    expect(deltaTokenOf('https://graph.microsoft.com/v1.0/drives/d/root/delta?token=abc123')).toBe('abc123');
    expect(deltaTokenOf("https://graph.microsoft.com/v1.0/me/drive/root/delta(token='MzsxOzE')")).toBe('MzsxOzE');
    expect(() => deltaTokenOf('https://graph.microsoft.com/v1.0/drives/d/root/delta')).toThrow(ProviderHttpError);
    expect(
      graphReaders(
        [
          { id: '1', invitation: { email: 'Guest@Other.example' } },
          { id: '2', grantedToV2: { group: { email: 'team@contoso.com' } } },
          { id: '3', link: { scope: 'organization' } },
        ],
        null,
      ),
    ).toEqual({ emails: ['guest@other.example', 'team@contoso.com'], domains: [], anyone: false });
  });

  it('refuses a next link that leaves the configured origin', async () => {
    graph.state.foreignNextLink = true;
    try {
      await expect(adapter(3).a.listPage(ROOT, null)).rejects.toMatchObject({ status: 502 });
    } finally {
      graph.state.foreignNextLink = false;
    }
  });

  it('sees edits, removals and unsharing since a cursor through next links to the delta link, then says when the cursor expired', async () => {
    const { a } = adapter(2);
    const cursor = await a.startCursor();
    graph.edit('f3', { name: 'notes 3 (edited).txt' });
    graph.remove('f4');
    graph.edit('f1', { permissions: [] });
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
      ['f3', false],
      ['f4', true],
      ['f1', false],
    ]);
    expect(changes[0].item?.name).toBe('notes 3 (edited).txt');
    expect(changes[2].item?.readers).toBeNull();
    expect((await a.deltaPage(at)).changes).toEqual([]);

    // An expired token starts that drive again from now and names it for a full listing.
    graph.state.expiredBelow = Number(JSON.parse(at).drives['drive-1']) + 1;
    const expired = await a.deltaPage(at).finally(() => {
      graph.state.expiredBelow = 0;
    });
    expect(expired).toMatchObject({ changes: [], more: false, relistDrives: ['drive-1'] });
    graph.edit('f5', { name: 'notes 5 (edited).txt' });
    expect((await a.deltaPage(expired.cursor)).changes.map((c) => c.remoteId)).toEqual(['f5']);
  });

  it('follows the drive of every picked item (two SharePoint libraries and the person’s OneDrive), one cursor each', async () => {
    graph.put({ id: 'lib-a-root', name: 'root', parent: null, folder: true, drive: 'lib-a' });
    graph.put({ id: 'lib-b-root', name: 'root', parent: null, folder: true, drive: 'lib-b' });
    graph.put({ id: 'a1', name: 'a1.txt', parent: 'lib-a-root', content: 'a', drive: 'lib-a' });
    graph.put({ id: 'b1', name: 'b1.txt', parent: 'lib-b-root', content: 'b', drive: 'lib-b' });
    const run = fakeCallDeps(fake, 'microsoft');
    const a = microsoftGraphAdapter(run.deps, { orgDomain: 'contoso.com', pageSize: 1 });
    // null: the person's own drive (asked for its id once); a drive named twice is followed once.
    const scope = { driveIds: [null, 'lib-a', 'lib-b', 'lib-a'] };
    const cursor = await a.startCursor(scope);
    expect(Object.keys(JSON.parse(cursor).drives).sort()).toEqual(['drive-1', 'lib-a', 'lib-b']);
    graph.edit('a1', { content: 'a, edited' });
    graph.edit('b1', { content: 'b, edited' });
    graph.put({ id: 'b2', name: 'b2.txt', parent: 'lib-b-root', content: 'b2', drive: 'lib-b' });
    graph.edit('f6', { name: 'notes 6 (edited).txt' });
    const seen: [string, string | null | undefined][] = [];
    let at = cursor;
    for (let pages = 0; pages < 20; pages++) {
      const page = await a.deltaPage(at, scope);
      seen.push(...page.changes.map((c) => [c.remoteId, c.item?.driveId] as [string, string | null | undefined]));
      at = page.cursor;
      if (!page.more) break;
    }
    expect(seen.sort()).toEqual([
      ['a1', 'lib-a'],
      ['b1', 'lib-b'],
      ['b2', 'lib-b'],
      ['f6', 'drive-1'],
    ]);
    // Only lib-b's token expired: lib-b alone is named for a full listing; the others go on.
    graph.state.expiredBelowIn.set('lib-b', Number(JSON.parse(at).drives['lib-b']) + 1);
    graph.edit('a1', { content: 'a, edited again' });
    const relisted: string[] = [];
    const again: string[] = [];
    for (let pages = 0; pages < 20; pages++) {
      const page = await a.deltaPage(at, scope);
      relisted.push(...(page.relistDrives ?? []));
      again.push(...page.changes.map((c) => c.remoteId));
      at = page.cursor;
      if (!page.more) break;
    }
    graph.state.expiredBelowIn.clear();
    expect([relisted, again]).toEqual([['lib-b'], ['a1']]);
    // A drive no longer picked is dropped; one picked since is followed from now.
    const narrowed = await a.deltaPage(at, { driveIds: ['lib-a'] });
    expect(Object.keys(JSON.parse(narrowed.cursor).drives)).toEqual(['lib-a']);
  });

  it('remembers a drive Graph refuses: scheduled deltas ask it nothing more, a pick or a resync asks again', async () => {
    graph.put({ id: 'lib-x-root', name: 'root', parent: null, folder: true, drive: 'lib-x' });
    graph.state.refusedDrives.add('lib-x');
    const run = fakeCallDeps(fake, 'microsoft');
    const a = microsoftGraphAdapter(run.deps, { orgDomain: 'contoso.com', pageSize: 5 });
    const asked = () => graph.state.deltaDrives.filter((d) => d === 'lib-x').length;
    const scope = { driveIds: ['drive-1', 'lib-x'] };
    const before = asked();
    const round = async (at: string, s: typeof scope & { retryRefused?: boolean }) => {
      for (let pages = 0; pages < 20; pages++) {
        const page = await a.deltaPage(at, s);
        at = page.cursor;
        if (!page.more) break;
      }
      return at;
    };
    let at = await a.startCursor(scope);
    expect(asked() - before).toBe(1);
    expect(JSON.parse(at)).toMatchObject({ refused: ['lib-x'] });
    // Three scheduled rounds: not one call to the refused drive.
    for (let n = 0; n < 3; n++) at = await round(at, scope);
    expect(asked() - before).toBe(1);
    // A pick or a resync asks again; still refused, it is remembered again.
    at = await round(at, { ...scope, retryRefused: true });
    expect(asked() - before).toBe(2);
    expect(JSON.parse(at).refused).toEqual(['lib-x']);
    // Shared since: the next pick or resync follows it.
    graph.state.refusedDrives.delete('lib-x');
    at = await round(at, { ...scope, retryRefused: true });
    expect(Object.keys(JSON.parse(at).drives).sort()).toEqual(['drive-1', 'lib-x']);
    expect(JSON.parse(at).refused).toBeUndefined();
  });

  it('goes on from a cursor kept before, one token of the person’s drive', async () => {
    const { a } = adapter();
    const token = String(JSON.parse(await a.startCursor()).drives['drive-1']);
    graph.edit('f2', { name: 'notes 2 (edited).txt' });
    const page = await a.deltaPage(token);
    expect(page.changes.map((c) => c.remoteId)).toEqual(['f2']);
    expect(JSON.parse(page.cursor).drives['drive-1']).toMatch(/^\d+$/);
  });

  it('names every id under a root in the slim listing', async () => {
    const { a } = adapter();
    const ids = await slimAll(a);
    expect(ids.sort()).toEqual((await walkAll(adapter().a)).items.map((i) => i.remoteId).sort());
  });

  it('waits out a 429 storm as the provider asks, losing and doubling nothing', async () => {
    const before = (await walkAll(adapter().a)).items.map((i) => i.remoteId).sort();
    const { a, rateLimited } = adapter();
    graph.state.rateLimitNext = 4;
    graph.state.retryAfterSeconds = 0;
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

  it('downloads through the redirect to the content, and refuses what is larger than allowed', async () => {
    const { a } = adapter();
    const deep = await a.item({ remoteId: 's0', driveId: 'drive-1' });
    expect(await a.download(deep!, 1000)).toEqual({ bytes: Buffer.from('# deep 0'), filename: 'deep 0.md', contentType: 'text/markdown' });
    await expect(a.download(deep!, 3)).rejects.toBeInstanceOf(ProviderHttpError);
    expect(await a.item({ remoteId: 'gone-for-good', driveId: 'drive-1' })).toBeNull();
  });

  it("lists SharePoint's sites page by page and a site's drives", async () => {
    graph.state.sites = Array.from({ length: 5 }, (_, i) => ({
      id: `site-${i}`,
      displayName: `Site ${i}`,
      webUrl: `https://contoso.sharepoint.example/sites/${i}`,
    }));
    graph.state.drives.set('site-2', [{ id: 'drive-1', name: 'Documents' }]);
    const { deps } = fakeCallDeps(fake, 'microsoft');
    const names: string[] = [];
    let page: string | null = null;
    let pages = 0;
    do {
      const answer = await sites(deps, page, 2);
      names.push(...answer.sites.map((s) => s.name));
      page = answer.next;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(names).toEqual(['Site 0', 'Site 1', 'Site 2', 'Site 3', 'Site 4']);
    expect((await sites(deps, null)).sites).toHaveLength(5);
    expect(await siteDrives(deps, 'site-2')).toEqual([{ id: 'drive-1', name: 'Documents', url: null }]);
  });
});
