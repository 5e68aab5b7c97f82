// The Google Drive adapter against a fake of Drive API v3 on 127.0.0.1 (tests/fakes/oauth): the
// checkpointed walk resumes where it stopped with nothing lost or doubled, deltas see edits,
// removals and unsharing, the slim listing names every id, a 429 storm is waited out as the
// provider asks, an expired token is refreshed once and the walk goes on, and downloads export
// Google's own documents and refuse what is too large.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDrive, FOLDER } from '../../../tests/fakes/oauth/google-drive.js';
import { walkersOf } from '../../../tests/fakes/oauth/adapter-walks.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { endpointsOf } from '../providers.js';
import { ProviderHttpError, type ProviderCallDeps } from '../provider-call.js';
import { RateLimiter } from '../rate-limiter.js';
import { googleDriveAdapter } from './google-drive.js';

let fake: OAuthFake;
const drive = createFakeDrive();
const ME = 'owner@example.com';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'google', clientId: 'c', clientSecret: 's', api: drive.api });
  // A folder of 7 files and a subfolder of 3, a shared drive's folder beside it, and one file outside.
  drive.put({ id: 'projects', name: 'Projects', mimeType: FOLDER, parents: ['my-drive'] });
  for (let i = 0; i < 7; i++)
    drive.put({
      id: `f${i}`,
      name: `notes ${i}.txt`,
      mimeType: 'text/plain',
      parents: ['projects'],
      content: `note ${i}`,
      permissions: [{ type: 'user', emailAddress: ME, role: 'owner' }],
    });
  drive.put({ id: 'sub', name: 'Sub', mimeType: FOLDER, parents: ['projects'] });
  for (let i = 0; i < 3; i++)
    drive.put({ id: `s${i}`, name: `deep ${i}.md`, mimeType: 'text/markdown', parents: ['sub'], content: `# deep ${i}`, driveId: 'team-drive' });
  drive.put({ id: 'doc', name: 'Plan', mimeType: 'application/vnd.google-apps.document', parents: ['projects'], content: 'The plan, as text.' });
  drive.put({ id: 'elsewhere', name: 'other.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'not picked' });
});
afterAll(async () => fake?.close());

function adapter(opts: Partial<ProviderCallDeps> & { pageSize?: number } = {}) {
  let { accessToken } = fake.grant();
  const refreshed: string[] = [];
  const rateLimited: number[] = [];
  const deps: ProviderCallDeps = {
    key: 'google:test',
    apiBase: endpointsOf('google', fake.url).api,
    token: async (stale) => {
      if (stale) {
        refreshed.push(stale);
        accessToken = fake.grant().accessToken;
      }
      return accessToken;
    },
    limiter: new RateLimiter(0),
    onRateLimited: (ms) => rateLimited.push(ms),
    minBackoffMs: 10,
    ...opts,
  };
  return { a: googleDriveAdapter(deps, { pageSize: opts.pageSize ?? 3 }), refreshed, rateLimited, current: () => accessToken };
}

const { walkAll, slimAll } = walkersOf({ remoteId: 'projects' });

describe('the Google Drive adapter', () => {
  it('walks a picked folder page by page, subfolders and shared-drive files included, and nothing outside it', async () => {
    const { items, checkpoint } = await walkAll(adapter().a);
    expect(checkpoint).toBeNull();
    expect(items.map((i) => i.remoteId).sort()).toEqual(['doc', 'f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 's0', 's1', 's2', 'sub']);
    expect(items.find((i) => i.remoteId === 'sub')?.kind).toBe('FOLDER');
    expect(items.find((i) => i.remoteId === 's1')).toMatchObject({ driveId: 'team-drive', parentRemoteIds: ['sub'] });
    expect(items.find((i) => i.remoteId === 'f0')?.readers).toEqual({ emails: [ME], domains: [], anyone: false });
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    const whole = (await walkAll(adapter().a)).items.map((i) => i.remoteId).sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), async (stopAfter, pageSize) => {
        const first = await walkAll(adapter({ pageSize }).a, stopAfter);
        const ids = first.items.map((i) => i.remoteId);
        let checkpoint = first.checkpoint;
        // Another adapter (a new process) goes on from the saved checkpoint.
        const second = adapter({ pageSize }).a;
        while (checkpoint) {
          const page = await second.listPage({ remoteId: 'projects' }, checkpoint);
          ids.push(...page.items.map((i) => i.remoteId));
          checkpoint = page.checkpoint;
        }
        expect(ids.sort()).toEqual(whole);
      }),
      { numRuns: 15 },
    );
  });

  it('sees edits, removals and unsharing since a cursor, page by page', async () => {
    const { a } = adapter();
    const cursor = await a.startCursor();
    drive.edit('f1', { name: 'notes 1 (edited).txt' });
    drive.remove('f2');
    drive.edit('f3', { permissions: [] });
    drive.edit('f4', { trashed: true });
    const changes = [];
    let at = cursor;
    for (;;) {
      const page = await a.deltaPage(at);
      changes.push(...page.changes);
      at = page.cursor;
      if (!page.more) break;
    }
    expect(changes.map((c) => [c.remoteId, c.removed])).toEqual([
      ['f1', false],
      ['f2', true],
      ['f3', false],
      ['f4', true],
    ]);
    expect(changes[0].item?.name).toBe('notes 1 (edited).txt');
    expect(changes[2].item?.readers).toEqual({ emails: [], domains: [], anyone: false });
    expect((await a.deltaPage(at)).changes).toEqual([]);
  });

  it('names every id under a root in the slim listing', async () => {
    const { a } = adapter();
    const ids = await slimAll(a);
    expect(ids.sort()).toEqual((await walkAll(adapter().a)).items.map((i) => i.remoteId).sort());
  });

  it('waits out a 429 storm as the provider asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = adapter();
    const before = (await walkAll(adapter().a)).items.map((i) => i.remoteId).sort();
    drive.state.rateLimitNext = 4;
    drive.state.retryAfterSeconds = 0;
    const after = (await walkAll(a)).items.map((i) => i.remoteId).sort();
    expect(after).toEqual(before);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage({ remoteId: 'projects' }, null);
    fake.expire(run.current());
    const second = await run.a.listPage({ remoteId: 'projects' }, first.checkpoint);
    expect(second.items.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(1);
  });

  it('browses for the picker: the top with the shared drives, a folder, and a search by name', async () => {
    drive.sharedDrives.push({ id: 'team-drive', name: 'Team' });
    drive.put({ id: 'top', name: "Bob's top.txt", mimeType: 'text/plain', parents: ['my-drive'], content: 'top' });
    const { a } = adapter({ pageSize: 50 });
    const top = await a.browse!({ folderId: null, driveId: null, search: null, cursor: null });
    expect(top.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Projects', "Bob's top.txt", 'Team']));
    expect(top.items.find((i) => i.name === 'Team')).toMatchObject({ kind: 'FOLDER', driveId: 'team-drive' });
    const sub = await a.browse!({ folderId: 'sub', driveId: null, search: null, cursor: null });
    expect(sub.items.map((i) => i.remoteId).sort()).toEqual(['s0', 's1', 's2']);
    // A quote in the search is the name's, not the query's.
    const found = await a.browse!({ folderId: null, driveId: null, search: "bob's", cursor: null });
    expect(found.items.map((i) => i.remoteId)).toEqual(['top']);
  });

  it("downloads a file, exports Google's own documents as text, and refuses what is larger than allowed", async () => {
    const { a } = adapter();
    const note = await a.item({ remoteId: 'f0' });
    expect((await a.download(note!, 1000)).bytes.toString()).toBe('note 0');
    const doc = await a.item({ remoteId: 'doc' });
    expect(await a.download(doc!, 1000)).toMatchObject({ filename: 'Plan.txt', contentType: 'text/plain' });
    await expect(a.download(note!, 3)).rejects.toBeInstanceOf(ProviderHttpError);
    expect(await a.item({ remoteId: 'gone-for-good' })).toBeNull();
  });
});
