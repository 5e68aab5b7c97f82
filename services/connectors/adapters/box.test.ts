// The Box adapter against a fake of Box API 2.0 on 127.0.0.1 (tests/fakes/oauth): the marker-paged
// walk resumes from any checkpoint with nothing lost or doubled, the events stream sees uploads,
// edits, renames, trashing and unsharing (repeated events reported once), readers come from the
// owner, the folder's collaborations and the shared link, a 429 storm is waited out, an expired
// token is refreshed once, downloads follow Box's redirect only where allowed, and the picker's
// downscoped key is minted by token exchange and renewed only when its expiry is past.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeBox } from '../../../tests/fakes/oauth/box.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { walkersOf } from '../../../tests/fakes/oauth/adapter-walks.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { ProviderHttpError } from '../provider-call.js';
import { endpointsOf } from '../providers.js';
import { boxAdapter } from './box.js';
import { boxPickerKey, mintBoxPickerKey } from './box-picker.js';

let fake: OAuthFake;
const box = createFakeBox();
const ROOT = { remoteId: '100' };
const ME = 'owner@example.com';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'box', clientId: 'c', clientSecret: 's', api: box.api });
  box.put({ id: '0', type: 'folder', name: 'All Files', parent: null, owner: ME });
  box.put({ id: '100', type: 'folder', name: 'Projects', parent: '0', owner: ME, collaborators: ['Ann@Example.com'] });
  for (let i = 0; i < 7; i++) box.put({ id: `${200 + i}`, type: 'file', name: `notes ${i}.txt`, parent: '100', owner: ME, content: `note ${i}` });
  box.edit('201', { sharedLink: 'open' });
  box.edit('202', { sharedLink: 'company' });
  box.edit('203', { collaborators: ['Bo@Partner.example'] });
  box.put({ id: '110', type: 'folder', name: 'Sub', parent: '100', owner: ME });
  for (let i = 0; i < 3; i++) box.put({ id: `${300 + i}`, type: 'file', name: `deep ${i}.md`, parent: '110', owner: ME, content: `# deep ${i}` });
  box.put({ id: '400', type: 'file', name: 'other.txt', parent: '0', owner: ME, content: 'not picked' });
});
afterAll(async () => fake?.close());

function adapter(pageSize = 3) {
  const run = fakeCallDeps(fake, 'box');
  return { ...run, a: boxAdapter(run.deps, { pageSize }) };
}

const { walkAll, slimAll } = walkersOf(ROOT);
const ALL = ['110', '200', '201', '202', '203', '204', '205', '206', '300', '301', '302'];

describe('the Box adapter', () => {
  it('walks a picked folder by markers, subfolders included and nothing outside it, with readers from owner, collaborations and shared link', async () => {
    const { items, checkpoint } = await walkAll(adapter().a);
    expect(checkpoint).toBeNull();
    expect(items.map((i) => i.remoteId).sort()).toEqual(ALL);
    expect(items.find((i) => i.remoteId === '110')?.kind).toBe('FOLDER');
    expect(items.find((i) => i.remoteId === '301')).toMatchObject({ parentRemoteIds: ['110'], size: 8, url: 'https://app.box.com/file/301' });
    expect(items.find((i) => i.remoteId === '200')?.readers).toEqual({ emails: ['ann@example.com', ME], domains: [], anyone: false });
    expect(items.find((i) => i.remoteId === '201')?.readers).toMatchObject({ anyone: true });
    expect(items.find((i) => i.remoteId === '202')?.readers).toMatchObject({ domains: ['example.com'], anyone: false });
    expect(items.find((i) => i.remoteId === '300')?.readers).toEqual({ emails: [ME], domains: [], anyone: false });
    // A file's own collaborators too, asked for that file alone.
    expect(items.find((i) => i.remoteId === '203')?.readers?.emails).toEqual(['ann@example.com', 'bo@partner.example', ME]);
    expect(box.state.fileCollaborationCalls).toBe(1);
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

  it('sees uploads, edits, renames, trashing and unsharing in the events stream, each item once', async () => {
    const { a } = adapter(3);
    const cursor = await a.startCursor();
    box.edit('203', { name: 'notes 3 (renamed).txt' });
    box.edit('205', { content: 'note 5, longer now' });
    box.trash('204');
    box.edit('201', { sharedLink: undefined }, 'ITEM_SHARED_UNSHARE');
    box.put({ id: '207', type: 'file', name: 'new.txt', parent: '100', owner: ME, content: 'new' });
    box.collaborate('100', []);
    const changes = [];
    let at = cursor;
    for (let pages = 0; pages < 10; pages++) {
      const page = await a.deltaPage(at);
      changes.push(...page.changes);
      at = page.cursor;
      if (!page.more) break;
    }
    expect(changes.map((c) => [c.remoteId, c.removed])).toEqual([
      ['203', false],
      ['205', false],
      ['204', true],
      ['201', false],
      ['207', false],
      ['100', false],
    ]);
    expect(changes[0].item?.name).toBe('notes 3 (renamed).txt');
    expect(changes[1].item?.size).toBe(18);
    // Read as it is now: no shared link, and Ann no longer a collaborator of its folder.
    expect(changes[3].item?.readers).toEqual({ emails: [ME], domains: [], anyone: false });
    expect(changes[5].item?.kind).toBe('FOLDER');
    expect((await a.deltaPage(at)).changes).toEqual([]);
    box.trash('207');
    box.collaborate('100', ['Ann@Example.com']);
  });

  it('names every id under a root in the slim listing', async () => {
    const { a } = adapter();
    const ids = await slimAll(a);
    expect(ids.sort()).toEqual((await walkAll(adapter().a)).items.map((i) => i.remoteId).sort());
  });

  it('waits out a 429 storm as the provider asks, losing and doubling nothing', async () => {
    const before = (await walkAll(adapter().a)).items.map((i) => i.remoteId).sort();
    const { a, rateLimited } = adapter();
    box.state.rateLimitNext = 4;
    box.state.retryAfterSeconds = 0;
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

  it('downloads through the redirect on the configured origin, refuses one to another host, and what is larger than allowed', async () => {
    const { a } = adapter();
    const deep = await a.item({ remoteId: '300' });
    expect(await a.download(deep!, 1000)).toEqual({ bytes: Buffer.from('# deep 0'), filename: 'deep 0.md', contentType: 'application/octet-stream' });
    expect(box.state.downloads).toEqual(['300']);
    await expect(a.download(deep!, 3)).rejects.toBeInstanceOf(ProviderHttpError);
    box.state.downloadRedirect = 'https://dl.boxcloud.example/d/300';
    try {
      await expect(a.download(deep!, 1000)).rejects.toMatchObject({ status: 502 });
    } finally {
      box.state.downloadRedirect = null;
    }
    expect((await a.item({ remoteId: '110' }))?.kind).toBe('FOLDER');
    expect(await a.item({ remoteId: '204' })).toBeNull();
    expect(await a.item({ remoteId: '999' })).toBeNull();
  });

  it("mints the picker's downscoped key by token exchange, and asks for a new one only when the expiry is past", async () => {
    const { deps } = fakeCallDeps(fake, 'box');
    const now = new Date('2026-12-01T12:00:00Z');
    const key = await mintBoxPickerKey(deps, endpointsOf('box', fake.url).token, () => now);
    expect(fake.state.exchangedScopes).toEqual(['base_picker item_preview']);
    expect(key.expires_at).toBe('2026-12-01T13:00:00.000Z');
    // The downscoped key is a token the provider takes.
    const picker = boxAdapter({ ...deps, token: async () => key.api_key });
    expect((await picker.item({ remoteId: '300' }))?.name).toBe('deep 0.md');

    const errors: string[] = [];
    const mint = async () => ({ api_key: 'fresh', expires_at: '2026-12-01T13:00:00Z' });
    const deps2 = { now: () => now, logError: (m: string) => errors.push(m) };
    expect((await boxPickerKey(null, mint, deps2)).api_key).toBe('fresh');
    expect((await boxPickerKey({ api_key: 'old', expires_at: '2026-12-01T11:59:59Z' }, mint, deps2)).api_key).toBe('fresh');
    expect((await boxPickerKey({ api_key: 'valid', expires_at: '2026-12-01T12:30:00Z' }, mint, deps2)).api_key).toBe('valid');
    expect(errors).toEqual([]);
    expect((await boxPickerKey({ api_key: 'odd', expires_at: 'soon-ish' }, mint, deps2)).api_key).toBe('odd');
    expect(errors).toHaveLength(1);
  });
});
