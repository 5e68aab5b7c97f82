// The assistant browser over HTTP (seed 002 §7): invite status and claim, download links and the
// download mail, and the administrators' invite codes.
import type { DomainRoutes } from '../http/handler.js';
import { requireUser } from '../identity/index.js';
import { downloadLinks } from './downloads.js';
import { claimOf, listInvites } from './queries.js';
import { claimInvite, issueInvites, requireAdministrator, sendDownloadMail } from './use-cases.js';

export const browserRoutes = {
  async browserInviteStatus({ actor }, ctx) {
    const user = await requireUser(actor);
    const claim = await claimOf(ctx.db, user.id);
    return { status: 200, body: { has_access: !!claim, claimed_code: claim?.code ?? null, claimed_at: claim?.claimed_at ?? null } };
  },
  async claimBrowserInvite({ actor, body }, ctx) {
    const result = await claimInvite(ctx, actor, { code: body.code, dry_run: body.dry_run ?? false, send_email: body.send_email ?? false });
    return { status: 200, body: result };
  },
  async sendBrowserDownloadEmail({ actor, body }, ctx) {
    await sendDownloadMail(ctx, actor, {
      input_email: body.input_email,
      partner_code: body.partner_code ?? null,
      incentive: body.incentive ?? null,
    });
    return { status: 200, body: { success: true } };
  },
  async getBrowserDownloads(_input, ctx) {
    const links = downloadLinks(ctx.config.browserDownloadBaseUrl);
    return { status: 200, body: { configured: links.length > 0, links } };
  },
  async listBrowserInvites({ actor }, ctx) {
    await requireAdministrator(actor, ctx.config.adminEmails);
    return { status: 200, body: { items: await listInvites(ctx.db) } };
  },
  async issueBrowserInvites({ actor, body }, ctx) {
    return { status: 200, body: { items: await issueInvites(ctx, actor, { count: body.count ?? 1, max_uses: body.max_uses ?? 1 }) } };
  },
} satisfies DomainRoutes;
