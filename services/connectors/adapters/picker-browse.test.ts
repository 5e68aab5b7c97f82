// The picker's browser over OneDrive/SharePoint, Dropbox and Box, against their fakes on 127.0.0.1
// (tests/fakes/oauth): the top of the source, a folder, a search by name, and every page of a long
// folder through the cursor; a cursor made up by a browser to reach another Graph address is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeBox } from '../../../tests/fakes/oauth/box.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeDropbox } from '../../../tests/fakes/oauth/dropbox.js';
import { createFakeGraph } from '../../../tests/fakes/oauth/microsoft-graph.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { ProviderHttpError } from '../provider-call.js';
import { endpointsOf } from '../providers.js';
import { boxAdapter } from './box.js';
import { dropboxAdapter } from './dropbox.js';
import { domainOf, fileAdapterFor } from './file-adapters.js';
import { microsoftGraphAdapter } from './microsoft-graph.js';
import type { BrowseQuery, FileSourceAdapter } from './types.js';

const graph = createFakeGraph('drive-1');
const dbx = createFakeDropbox();
const box = createFakeBox();
const fakes: OAuthFake[] = [];
let microsoft: OAuthFake;
let dropbox: OAuthFake;
let boxFake: OAuthFake;

beforeAll(async () => {
  microsoft = await startOAuthFake({ family: 'microsoft', clientId: 'c', clientSecret: 's', api: graph.api });
  dropbox = await startOAuthFake({ family: 'dropbox', clientId: 'c', clientSecret: 's', api: dbx.api });
  boxFake = await startOAuthFake({ family: 'box', clientId: 'c', clientSecret: 's', api: box.api });
  fakes.push(microsoft, dropbox, boxFake);
  graph.put({ id: 'drive-root', name: 'root', parent: null, folder: true });
  graph.put({ id: 'reports', name: 'Reports', parent: 'drive-root', folder: true });
  for (let i = 0; i < 5; i++) graph.put({ id: `r${i}`, name: `report ${i}.docx`, parent: 'reports', content: `r${i}` });
  graph.put({ id: 'plan', name: "Q1 plan's.md", parent: 'drive-root', content: '# plan' });
  graph.put({ id: 'theirs', name: 'their budget.xlsx', parent: 'their-folder', content: 'x', sharedWithMe: true });
  dbx.put({ id: 'id:reports', path: '/Reports', folder: true });
  for (let i = 0; i < 5; i++) dbx.put({ id: `id:r${i}`, path: `/Reports/report ${i}.docx`, content: `r${i}` });
  dbx.put({ id: 'id:plan', path: '/plan.md', content: '# plan' });
  box.put({ id: '0', type: 'folder', name: 'All Files', parent: null, owner: 'me@example.com' });
  box.put({ id: '10', type: 'folder', name: 'Reports', parent: '0', owner: 'me@example.com' });
  for (let i = 0; i < 5; i++) box.put({ id: `2${i}`, type: 'file', name: `report ${i}.docx`, parent: '10', owner: 'me@example.com', content: `r${i}` });
  box.put({ id: '30', type: 'file', name: 'plan.md', parent: '0', owner: 'me@example.com', content: '# plan' });
});
afterAll(async () => Promise.all(fakes.map((f) => f.close())));

const q = (over: Partial<BrowseQuery> = {}): BrowseQuery => ({ folderId: null, driveId: null, search: null, cursor: null, ...over });

/** Every page of a query, through the cursor. */
async function allPages(a: FileSourceAdapter, query: BrowseQuery) {
  const names: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await a.browse!({ ...query, cursor });
    names.push(...page.items.map((i) => i.name));
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { names, pages };
}

const sources = () => [
  { name: 'OneDrive', a: microsoftGraphAdapter(fakeCallDeps(microsoft, 'microsoft').deps, { pageSize: 2 }), reports: 'reports' },
  {
    name: 'Dropbox',
    a: dropboxAdapter(fakeCallDeps(dropbox, 'dropbox').deps, { contentBase: endpointsOf('dropbox', dropbox.url).content ?? '', pageSize: 2 }),
    reports: 'id:reports',
  },
  { name: 'Box', a: boxAdapter(fakeCallDeps(boxFake, 'box').deps, { pageSize: 2 }), reports: '10' },
];

describe("the pickers' browser", () => {
  it.each(['OneDrive', 'Dropbox', 'Box'])('%s: the top, a folder page by page, and a search by name', async (name) => {
    const s = sources().find((x) => x.name === name)!;
    const top = await allPages(s.a, q());
    if (name === 'OneDrive') expect(top.names.pop()).toBe('Shared with me');
    expect(top.names).toHaveLength(2);
    expect(top.names).toEqual(expect.arrayContaining(['Reports', expect.stringMatching(/plan/)]));
    const folder = await allPages(s.a, q({ folderId: s.reports }));
    expect(folder.names.sort()).toEqual(['report 0.docx', 'report 1.docx', 'report 2.docx', 'report 3.docx', 'report 4.docx']);
    expect(folder.pages).toBeGreaterThan(1);
    const found = await s.a.browse!(q({ search: 'report 3' }));
    expect(found.items.map((i) => [i.name, i.kind])).toEqual([['report 3.docx', 'FILE']]);
  });

  it("OneDrive's top offers 'Shared with me', which lists what others shared, each with its drive", async () => {
    const a = microsoftGraphAdapter(fakeCallDeps(microsoft, 'microsoft').deps);
    const top = await a.browse!(q());
    expect(top.items.find((i) => i.name === 'Shared with me')).toMatchObject({ kind: 'FOLDER', browseOnly: true });
    const shared = await a.browse!(q({ folderId: 'shared-with-me' }));
    expect(shared.items.map((i) => [i.remoteId, i.name, i.driveId])).toEqual([['theirs', 'their budget.xlsx', 'drive-1']]);
    // A SharePoint library's top has no such folder.
    expect((await a.browse!(q({ driveId: 'drive-1' }))).items.some((i) => i.name === 'Shared with me')).toBe(false);
  });

  it('a search with a quote in it reaches Graph quoted, and a made-up cursor cannot reach another Graph address', async () => {
    const a = microsoftGraphAdapter(fakeCallDeps(microsoft, 'microsoft').deps);
    expect((await a.browse!(q({ search: "plan's" }))).items.map((i) => i.name)).toEqual(["Q1 plan's.md"]);
    for (const cursor of ['/me/messages?$top=1', '/me/drive/root/children/../../../me/messages?x=1', '/drives/d/items/x/permissions?a=1'])
      await expect(a.browse!(q({ cursor }))).rejects.toBeInstanceOf(ProviderHttpError);
  });

  it('every file source has its adapter; the domain of the connected account is what organisation links open to', () => {
    const deps = fakeCallDeps(microsoft, 'microsoft').deps;
    for (const name of ['google_drive', 'onedrive', 'sharepoint', 'dropbox', 'box'] as const) expect(fileAdapterFor(name, deps)).not.toBeNull();
    expect(fileAdapterFor('notion', deps)).toBeNull();
    expect(domainOf('Ann@Contoso.COM')).toBe('contoso.com');
    expect(domainOf('Ann Smith')).toBeNull();
    expect(domainOf(null)).toBeNull();
  });
});
