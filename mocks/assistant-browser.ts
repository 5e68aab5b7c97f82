// The assistant browser's invites and downloads, and attribution, for `make dev-mocks` and
// component tests, by the server's own rules (services/browser/decide.ts, downloads.ts,
// services/attribution/decide.ts). The mock server is configured as a server with
// BROWSER_DOWNLOAD_BASE_URL and without DUB_API_KEY (so a lead answers success: false); the demo
// account is its administrator (as if listed in ADMIN_EMAILS), who issues invite codes.
import type { RequestHandler } from 'msw';
import { getReportDubLeadMockHandler, getRecordCometEventMockHandler, getRecordCometSessionMockHandler } from '../generated/msw/attribution/attribution.msw';
import { getIssueBrowserInvitesMockHandler, getListBrowserInvitesMockHandler } from '../generated/msw/admin/admin.msw';
import {
  getBrowserInviteStatusMockHandler,
  getClaimBrowserInviteMockHandler,
  getGetBrowserDownloadsMockHandler,
  getSendBrowserDownloadEmailMockHandler,
} from '../generated/msw/browser/browser.msw';
import type { BrowserDownloadEmailRequest, BrowserInviteClaimRequest, BrowserInviteIssueRequest, DubLeadRequest } from '../generated/react-query/model';
import { checkDubLead } from '../services/attribution/pure';
import { decideClaim, downloadLinks, normalizeCode } from '../services/browser/pure';
import { initialInvite, type InviteState } from '../services/browser/events';
import { problem, ruled } from './problem';
import { DEMO_ACCOUNT, currentUser, type MockBrowserInvite, type ScenarioState } from './scenarios';

export const MOCK_DOWNLOAD_BASE_URL = 'https://downloads.example.com/browser';
const MOCK_ADMIN_EMAILS: readonly string[] = [DEMO_ACCOUNT.email];

let codeCounter = 0;
const mockCode = () => {
  codeCounter += 1;
  const n = String(codeCounter).padStart(4, '0');
  return `MOCK-${n}`;
};

export function assistantBrowserHandlers(opts: { state: () => ScenarioState; changed: () => void }): RequestHandler[] {
  const browser = () => (opts.state().browser ??= { invites: [], claims: [], mails: [] });
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) throw problem(401, 'unauthenticated', 'Sign in to continue.');
    return user;
  };
  const admin = () => {
    const user = signedIn();
    if (!user.email_verified || !MOCK_ADMIN_EMAILS.includes(user.email.toLowerCase()))
      throw problem(403, 'not_administrator', 'Only an administrator of this server can do this.');
    return user;
  };
  const inviteState = (invite: MockBrowserInvite | undefined): InviteState =>
    invite
      ? { issued: { code: invite.code, max_uses: invite.max_uses, issued_by: 'admin', issued_at: invite.issued_at }, claimers: new Set(invite.claimers) }
      : initialInvite;
  const listed = () => ({ items: browser().invites.map(({ claimers: _, ...i }) => i) });

  return [
    getBrowserInviteStatusMockHandler(() => {
      const user = signedIn();
      const claim = browser().claims.find((c) => c.user_id === user.id);
      return { has_access: !!claim, claimed_code: claim?.code ?? null, claimed_at: claim?.claimed_at ?? null };
    }),
    getClaimBrowserInviteMockHandler(async ({ request }) => {
      const user = signedIn();
      const body = (await request.json()) as BrowserInviteClaimRequest;
      const code = normalizeCode(body.code);
      const invite = browser().invites.find((i) => i.code === code);
      const claimed = browser().claims.find((c) => c.user_id === user.id) ?? null;
      const outcome = ruled(() => decideClaim(inviteState(invite), { code, user_id: user.id, dry_run: !!body.dry_run, claimed }, new Date()));
      for (const e of outcome.events) {
        invite!.uses += 1;
        invite!.claimers.push(user.id);
        browser().claims.push({ user_id: user.id, code, claimed_at: e.data.claimed_at });
      }
      const emailSent = !!body.send_email && outcome.status !== 'valid';
      if (emailSent) browser().mails.push({ to: user.email, at: new Date().toISOString() });
      opts.changed();
      return { status: outcome.status, code: outcome.code, email_sent: emailSent };
    }),
    getSendBrowserDownloadEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as BrowserDownloadEmailRequest;
      browser().mails.push({ to: body.input_email, at: new Date().toISOString() });
      opts.changed();
      return { success: true };
    }),
    getGetBrowserDownloadsMockHandler(() => ({ configured: true, links: downloadLinks(MOCK_DOWNLOAD_BASE_URL) })),
    getListBrowserInvitesMockHandler(() => {
      admin();
      return listed();
    }),
    getIssueBrowserInvitesMockHandler(async ({ request }) => {
      admin();
      const body = (await request.json()) as BrowserInviteIssueRequest;
      const now = new Date().toISOString();
      const fresh = Array.from({ length: body.count ?? 1 }, () => ({ code: mockCode(), max_uses: body.max_uses ?? 1, uses: 0, issued_at: now, claimers: [] }));
      browser().invites.unshift(...fresh);
      opts.changed();
      return { items: fresh.map(({ claimers: _, ...i }) => i) };
    }),
    getReportDubLeadMockHandler(async ({ request }) => {
      const user = signedIn();
      const body = (await request.json()) as DubLeadRequest;
      ruled(() =>
        checkDubLead(user.id, {
          event_name: body.event_name,
          is_deferred: !!body.is_deferred,
          click_id: body.click_id ?? null,
          nextauth_user_id: body.nextauth_user_id,
        }),
      );
      return { success: false };
    }),
    getRecordCometSessionMockHandler(() => ({ success: true })),
    getRecordCometEventMockHandler(() => ({ success: true })),
  ];
}
