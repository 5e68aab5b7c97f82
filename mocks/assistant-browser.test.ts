// The mock assistant browser follows the contract and the server's rules: the administrator
// issues a code, a person checks it (dry run), claims it once, and another finds it used up;
// downloads are configured; a Dub lead is for one's own id only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupMocks } from './node';
import { DEMO_ACCOUNT } from './scenarios';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('signed-in'));
afterAll(mocks.close);

const base = 'http://app.test';
const call = async (method: string, path: string, body?: object) => {
  const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
};

describe('mock assistant browser', () => {
  it('issues, checks and claims an invite code once', async () => {
    const issued = await call('POST', '/rest/admin/browser-invites', { count: 1 });
    expect(issued.status).toBe(200);
    const [{ code }] = issued.json.items;
    expect((await call('POST', '/rest/browser/invites/claim', { code, dry_run: true })).json).toEqual({ status: 'valid', code, email_sent: false });
    expect((await call('POST', '/rest/browser/invites/status')).json.has_access).toBe(false);
    expect((await call('POST', '/rest/browser/invites/claim', { code, send_email: true })).json).toEqual({ status: 'claimed', code, email_sent: true });
    expect((await call('POST', '/rest/browser/invites/status')).json).toMatchObject({ has_access: true, claimed_code: code });
    expect((await call('GET', '/rest/admin/browser-invites')).json.items[0]).toMatchObject({ code, uses: 1, max_uses: 1 });

    await call('POST', '/api/auth/sign-out');
    await call('POST', '/api/auth/sign-up/email', { name: 'Bo', email: 'bo@example.com', password: 'correct-horse-battery' });
    const used = await call('POST', '/rest/browser/invites/claim', { code });
    expect([used.status, used.json.code]).toEqual([409, 'invite_code_used_up']);
    const unknown = await call('POST', '/rest/browser/invites/claim', { code: 'ZZZZ-ZZZZ', dry_run: true });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'invite_code_not_found']);
    const notAdmin = await call('POST', '/rest/admin/browser-invites', { count: 1 });
    expect([notAdmin.status, notAdmin.json.code]).toEqual([403, 'not_administrator']);
  });

  it('offers the download links and mails them', async () => {
    const { json } = await call('GET', '/rest/browser/downloads');
    expect(json.configured).toBe(true);
    expect(json.links.map((l: { url: string }) => new URL(l.url).search)).toEqual([
      '?channel=stable&platform=win_x64&mini=1',
      '?channel=stable&platform=mac_arm64',
    ]);
    expect((await call('POST', '/rest/browser/send-download-email', { input_email: 'friend@example.com' })).json).toEqual({ success: true });
  });

  it("answers a Dub lead with success false (no Dub configured), and refuses someone else's id", async () => {
    expect((await call('POST', '/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: DEMO_ACCOUNT.id })).json).toEqual({ success: false });
    const other = await call('POST', '/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: 'someone-else' });
    expect([other.status, other.json.code]).toEqual([403, 'not_your_user_id']);
  });
});
