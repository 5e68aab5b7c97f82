// The mock Spaces follow the contract: create, list, find by key after a rename, links, moving a
// thread in (it then names its Space), members and invitations, and the documented errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection, CollectionList, SessionResponse, SpaceMemberList, Thread, ThreadList } from '../generated/react-query/model';
import { ACCESS_LEVEL } from '../services/spaces/pure';
import { setupMocks } from './node';
import { DEMO_ACCOUNT } from './scenarios';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('signed-in'));
afterAll(mocks.close);

const base = 'http://app.test';
const call = (method: string, path: string, body?: object) =>
  fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const create = (body: object = {}) => json<Collection>(call('POST', '/rest/collections/create_collection', body));
const getSpace = (key: string) => call('GET', `/rest/collections/get_collection?collection_slug=${encodeURIComponent(key)}`);
const signInAs = (email: string, password: string) => call('POST', '/api/auth/sign-in/email', { email, password });

/** Asks a question and waits until the answer has finished streaming. */
async function ask(query: string, extra: object = {}) {
  const res = await call('POST', '/rest/threads/ask', { query_str: query, ...extra });
  const text = await res.text();
  return JSON.parse(/event: thread\ndata: (.*)\n/.exec(text)![1]!) as { context_uuid: string; backend_uuid: string; thread_url_slug: string };
}

describe('mock Spaces', () => {
  it('starts a thread asked in a Space the asker writes to inside it', async () => {
    const space = await create({ title: 'Asked in' });
    const thread = await ask('How do I share a thread?', { collection_uuid: space.uuid });
    const got = await json<Thread>(call('GET', `/rest/thread/${thread.thread_url_slug}`));
    expect(got.collection_info).toEqual({ uuid: space.uuid, slug: space.slug, title: 'Asked in', emoji: '' });
    expect((await json<Collection>(getSpace(space.slug))).thread_count).toBe(1);
  });

  it('creates with the documented defaults, owned by the signed-in user', async () => {
    const res = await call('POST', '/rest/collections/create_collection', {});
    expect(res.status).toBe(201);
    const space = (await res.json()) as Collection;
    expect(space).toMatchObject({
      title: 'New Space',
      emoji: '',
      instructions: '',
      access: 1,
      enable_web_by_default: true,
      user_permission: ACCESS_LEVEL.OWNER,
      template_id: null,
      thread_count: 0,
      owner: { id: DEMO_ACCOUNT.id, name: DEMO_ACCOUNT.name },
    });
    expect(space.slug).toMatch(/^new-space-[A-Za-z0-9]{22}$/);
  });

  it('fills what is left out from a template', async () => {
    const { templates } = await json<{ templates: { id: string; title: string; instructions: string }[] }>(
      call('GET', '/rest/collections/list_space_templates'),
    );
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const space = await create({ template_id: templates[0]!.id, title: 'My research' });
    expect(space).toMatchObject({ title: 'My research', template_id: templates[0]!.id, instructions: templates[0]!.instructions });
  });

  it('refuses a blank title, an unknown template and a signed-out caller', async () => {
    expect(await json(call('POST', '/rest/collections/create_collection', { title: '   ' }))).toMatchObject({ status: 400, code: 'title_required' });
    expect((await call('POST', '/rest/collections/create_collection', { template_id: 'nope' })).status).toBe(400);
    await call('POST', '/api/auth/sign-out');
    expect(await json(call('POST', '/rest/collections/create_collection', {}))).toMatchObject({ status: 401, code: 'login_required' });
    expect(await json<CollectionList>(call('GET', '/rest/collections/list_user_collections'))).toEqual({ collections: [], total: 0 });
  });

  it('create → list → get by key after rename → add link → move thread in → remove', async () => {
    const first = await create({ title: 'Old name', emoji: '1f4da' });
    const second = await create({ title: 'Second' });
    const list = await json<CollectionList>(call('GET', '/rest/collections/list_user_collections?limit=1'));
    expect(list.total).toBe(2);
    expect(list.collections.map((c) => c.uuid)).toEqual([second.uuid]);

    const renamed = await json<Collection>(call('POST', `/rest/collections/edit_collection/${first.uuid}`, { title: 'Fresh name' }));
    expect(renamed.slug).toBe(`fresh-name-${first.slug.slice(-22)}`);
    expect(await json<Collection>(getSpace(first.slug))).toMatchObject({ uuid: first.uuid, title: 'Fresh name' });
    expect(await json<Collection>(getSpace(first.slug.slice(-22)))).toMatchObject({ uuid: first.uuid });
    expect(await json<Collection>(getSpace(first.uuid))).toMatchObject({ slug: renamed.slug });
    expect(await json(getSpace('no-such-space-AAAAAAAAAAAAAAAAAAAAAA'))).toMatchObject({ status: 404, code: 'collection_not_found' });

    const link = { collection_uuid: first.uuid, link: 'https://example.com/docs/guide#intro' };
    const linked = await json<Collection>(call('POST', '/rest/collections/focused_web_config/links', link));
    expect(linked.focused_web_config.link_configs).toMatchObject([{ link: 'https://example.com/docs/guide', title: 'example.com/docs/guide' }]);
    const again = await json<Collection>(call('POST', '/rest/collections/focused_web_config/links', link));
    expect(again.focused_web_config.link_configs).toHaveLength(1);
    expect(await json(call('POST', '/rest/collections/focused_web_config/links', { ...link, link: 'https://blocked.example/' }))).toMatchObject({
      status: 422,
      code: 'link_blocked',
    });
    expect(await json(call('POST', '/rest/collections/focused_web_config/links', { ...link, link: 'ftp://example.com/' }))).toMatchObject({
      status: 400,
      code: 'invalid_link',
    });

    const thread = await ask('How do I share a thread?');
    const moved = await json<{ updated_collection: { uuid: string } }>(
      call('POST', '/rest/collections/upsert_thread_collection', { entry_uuid: thread.backend_uuid, new_collection_uuid: first.uuid }),
    );
    expect(moved.updated_collection.uuid).toBe(first.uuid);
    expect((await json<Collection>(getSpace(first.uuid))).thread_count).toBe(1);
    expect((await json<Thread>(call('GET', `/rest/thread/${thread.thread_url_slug}`))).collection_info).toEqual({
      uuid: first.uuid,
      slug: renamed.slug,
      title: 'Fresh name',
      emoji: '1f4da',
    });
    const inSpace = await json<ThreadList>(call('GET', `/rest/collections/list_collection_threads?collection_uuid=${first.uuid}`));
    expect(inSpace.items.map((t) => t.context_uuid)).toEqual([thread.context_uuid]);

    await call('DELETE', `/rest/collections/remove_collection_thread?entry_uuid=${thread.backend_uuid}&collection_uuid=${first.uuid}`);
    expect((await json<Collection>(getSpace(first.uuid))).thread_count).toBe(0);
    expect((await json<Thread>(call('GET', `/rest/thread/${thread.thread_url_slug}`))).collection_info).toBeNull();

    const unlinked = await json<Collection>(call('DELETE', '/rest/collections/focused_web_config/links', link));
    expect(unlinked.focused_web_config.link_configs).toEqual([]);
    expect((await call('DELETE', `/rest/collections/delete_collection/${first.uuid}`)).status).toBe(204);
    expect((await getSpace(first.uuid)).status).toBe(404);
  });

  it('invites by email; the invited person sees INVITED_*, accepts, and a reader cannot edit', async () => {
    const grace = await json<SessionResponse>(
      call('POST', '/api/auth/sign-up/email', { name: 'Grace', email: 'grace@example.com', password: 'a-long-password' }),
    );
    // Before her address is verified, an invitation to it is not hers to accept.
    expect(await json(call('POST', `/rest/collections/${crypto.randomUUID()}/members/accept`))).toMatchObject({ status: 403, code: 'email_not_verified' });
    expect((await call('POST', '/api/auth/verify-email', { token: `mock-verify:${grace.user!.id}` })).status).toBe(200);
    await call('POST', '/api/auth/sign-out');
    await signInAs(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const space = await create({ title: 'Team' });
    const invited = await json<SpaceMemberList>(call('POST', `/rest/collections/${space.uuid}/members`, { email: 'grace@example.com', role: 'READER' }));
    expect(invited.members.map((m) => [m.email, m.access])).toEqual([
      [DEMO_ACCOUNT.email, ACCESS_LEVEL.OWNER],
      ['grace@example.com', ACCESS_LEVEL.INVITED_READER],
    ]);
    expect(await json(call('POST', `/rest/collections/${space.uuid}/members`, { email: DEMO_ACCOUNT.email, role: 'ADMIN' }))).toMatchObject({
      status: 409,
      code: 'already_owner',
    });

    await call('POST', '/api/auth/sign-out');
    await signInAs('grace@example.com', 'a-long-password');
    const mine = await json<CollectionList>(call('GET', '/rest/collections/list_user_collections'));
    expect(mine.collections.map((c) => c.user_permission)).toEqual([ACCESS_LEVEL.INVITED_READER]);
    expect((await json<Collection>(call('POST', `/rest/collections/${space.uuid}/members/accept`))).user_permission).toBe(ACCESS_LEVEL.READER);
    expect(await json(call('POST', `/rest/collections/edit_collection/${space.uuid}`, { title: 'Mine now' }))).toMatchObject({
      status: 403,
      code: 'not_space_writer',
    });
    expect(await json(call('DELETE', `/rest/collections/delete_collection/${space.uuid}`))).toMatchObject({ status: 403, code: 'not_space_owner' });
  });

  it('changes an invitation’s role, keeps the owner, removes members, and lists bookmarks', async () => {
    const space = await create({ title: 'Roles' });
    const { members } = await json<SpaceMemberList>(call('POST', `/rest/collections/${space.uuid}/members`, { email: 'lin@example.com', role: 'WRITER' }));
    const [owner, lin] = members;
    const changed = await json<SpaceMemberList>(call('PUT', `/rest/collections/${space.uuid}/members/${lin!.member_id}`, { role: 'ADMIN' }));
    expect(changed.members[1]).toMatchObject({ email: 'lin@example.com', user_id: null, access: ACCESS_LEVEL.INVITED_ADMIN });
    expect(await json(call('DELETE', `/rest/collections/${space.uuid}/members/${owner!.member_id}`))).toMatchObject({ status: 409, code: 'owner_stays' });
    const left = await json<SpaceMemberList>(call('DELETE', `/rest/collections/${space.uuid}/members/${lin!.member_id}`));
    expect(left.members.map((m) => m.email)).toEqual([DEMO_ACCOUNT.email]);

    const thread = await ask('Where is my library?');
    await call('POST', '/rest/collections/upsert_thread_collection', { entry_uuid: thread.context_uuid, upsert_type: 'bookmark' });
    const bookmarks = await json<ThreadList>(call('GET', '/rest/collections/list_collection_threads'));
    expect(bookmarks).toMatchObject({ total: 1, items: [{ context_uuid: thread.context_uuid }] });
  });

  it('keeps the Spaces in the scenario state, so they survive a reload', async () => {
    const space = await create({ title: 'Kept' });
    expect(mocks.scenario.state.spaces?.map((s) => s.uuid)).toEqual([space.uuid]);
  });
});
