// The mock data rights follow the contract and the server's rules: an export is prepared, then
// downloads as a zip; deletion refuses a wrong password, a wrong confirmation and a bad hand-over,
// then removes the account and signs it out.
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection, DataExport, GetDataExport200, SessionResponse } from '../generated/react-query/model';
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

describe('mock data rights', () => {
  it('prepares an export, then serves it as a zip to its owner', async () => {
    expect(await json<GetDataExport200>(call('GET', '/rest/account/export'))).toEqual({ export: null });
    const asked = await json<DataExport>(call('POST', '/rest/account/export'));
    expect(asked.status).toBe('preparing');
    const ready = (await json<GetDataExport200>(call('GET', '/rest/account/export'))).export!;
    expect(ready).toMatchObject({ status: 'ready', download_url: `/rest/account/export/${asked.export_id}/download` });
    const zip = await JSZip.loadAsync(await (await call('GET', ready.download_url!)).arrayBuffer());
    expect(Object.keys(zip.files)).toContain('profile.json');
    expect((await json<{ code: string }>(call('GET', `/rest/account/export/${crypto.randomUUID()}/download`))).code).toBe('export_not_found');
  });

  it('deletes the account only with the password and DELETE, removing its Spaces, then signs out', async () => {
    const space = await json<Collection>(call('POST', '/rest/collections/create_collection', { title: 'Mine' }));
    const owned = await json<{ spaces: { uuid: string }[] }>(call('GET', '/rest/account/owned-spaces'));
    expect(owned.spaces.map((s) => s.uuid)).toContain(space.uuid);
    const wrong = await call('POST', '/rest/account/delete', { password: 'nope-nope', confirmation: 'DELETE' });
    expect([wrong.status, (await wrong.json()).code]).toEqual([400, 'wrong_password']);
    const unconfirmed = await call('POST', '/rest/account/delete', { password: DEMO_ACCOUNT.password, confirmation: 'yes' });
    expect([unconfirmed.status, (await unconfirmed.json()).code]).toEqual([400, 'confirmation_mismatch']);
    const badHandOver = await call('POST', '/rest/account/delete', {
      password: DEMO_ACCOUNT.password,
      confirmation: 'DELETE',
      hand_over: { [space.uuid]: 'nobody' },
    });
    expect([badHandOver.status, (await badHandOver.json()).code]).toEqual([400, 'invalid_hand_over']);
    const done = await call('POST', '/rest/account/delete', { password: DEMO_ACCOUNT.password, confirmation: 'DELETE' });
    expect(done.status).toBe(202);
    expect((await json<SessionResponse>(call('GET', '/rest/session'))).user).toBeNull();
    expect((await call('POST', '/api/auth/sign-in/email', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).status).toBe(401);
  });

  it('refuses the last owner of an organisation others are in, naming it, as the server does', async () => {
    const org = await json<{ uuid: string }>(call('POST', '/rest/organizations', { name: 'Demo Works' }));
    const joinedAt = new Date().toISOString();
    // Someone else joined it (as accepting an invitation records it).
    mocks.scenario.state.orgEvents![org.uuid].push({
      type: 'OrgMemberJoined',
      data: {
        org_uuid: org.uuid,
        invitation_id: 'i-1',
        member_id: 'm-other',
        user_id: 'other',
        email: 'other@example.com',
        role: 'member',
        joined_at: joinedAt,
      },
      at: joinedAt,
    });
    const refused = await call('POST', '/rest/account/delete', { password: DEMO_ACCOUNT.password, confirmation: 'DELETE' });
    const body = await refused.json();
    expect([refused.status, body.code]).toEqual([409, 'last_owner_must_hand_over']);
    expect(body.detail).toContain('last owner of Demo Works');
    expect((await json<SessionResponse>(call('GET', '/rest/session'))).user).not.toBeNull();
  });
});
