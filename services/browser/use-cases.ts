import { randomUUID } from 'node:crypto';
import { queueMail } from '../mail/index.js';
import { isAdministrator, requireUser } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { newInviteCode } from './codes.js';
import { decideClaim, decideIssue, normalizeCode } from './decide.js';
import { downloadLinks, downloadMail } from './downloads.js';
import { browserErrors } from './errors.js';
import { downloadMailStream, evolveInvite, initialInvite, inviteStream, type BrowserDownloadMailRequested } from './events.js';
import { claimOf } from './queries.js';

/** The request's actor as an administrator of this server: anyone else is refused. */
export async function requireAdministrator(actor: Actor, adminEmails: readonly string[]) {
  const user = await requireUser(actor);
  if (!isAdministrator(user, adminEmails)) throw browserErrors.notAdministrator();
  return user;
}

/** An administrator issues new invite codes. */
export async function issueInvites(ctx: KernelContext, actor: Actor, cmd: { count: number; max_uses: number }) {
  const admin = await requireAdministrator(actor, ctx.config.adminEmails);
  const issued = [];
  for (let i = 0; i < cmd.count; i++) {
    const code = newInviteCode();
    const stream = inviteStream(code);
    const { state, version } = await ctx.store.aggregate(stream, initialInvite, evolveInvite);
    const events = decideIssue(state, { code, max_uses: cmd.max_uses, issued_by: admin.id }, ctx.now());
    await ctx.store.append(stream, version, events);
    issued.push({ code, max_uses: cmd.max_uses, uses: 0, issued_at: events[0].data.issued_at });
  }
  return issued;
}

/** Checks (dry run) or claims a code; with `send_email`, mails the download links to the person, once per claim. */
export async function claimInvite(ctx: KernelContext, actor: Actor, cmd: { code: string; dry_run: boolean; send_email: boolean }) {
  const user = await requireUser(actor);
  const code = normalizeCode(cmd.code);
  const stream = inviteStream(code);
  const { state, version } = await ctx.store.aggregate(stream, initialInvite, evolveInvite);
  const outcome = decideClaim(state, { code, user_id: user.id, dry_run: cmd.dry_run, claimed: await claimOf(ctx.db, user.id) }, ctx.now());
  // A claim racing another for the last use fails its expected version: 409 at the edge.
  if (outcome.events.length) await ctx.store.append(stream, version, outcome.events);
  const links = downloadLinks(ctx.config.browserDownloadBaseUrl);
  const mail = cmd.send_email && outcome.status !== 'valid' && links.length > 0;
  if (mail)
    await queueMail(
      ctx.store,
      // One mail per person and code: a retried claim does not mail twice.
      { mail_id: `account-browser-invite-${user.id}-${outcome.code}`, user_id: user.id, to: user.email, ...downloadMail(links) },
      ctx.now(),
    );
  return { status: outcome.status, code: outcome.code, email_sent: mail };
}

/** Mails the download links to any address (rate limited at the edge per client and per address). */
export async function sendDownloadMail(
  ctx: KernelContext,
  actor: Actor,
  input: { input_email: string; partner_code: string | null; incentive: string | null },
) {
  const user = await actor.user();
  const links = downloadLinks(ctx.config.browserDownloadBaseUrl);
  if (links.length === 0) throw browserErrors.downloadsNotConfigured();
  const to = input.input_email.trim();
  // Mail to the person's own address is theirs (their outbox shows it); to any other it is nobody's.
  const userId = user && user.email.toLowerCase() === to.toLowerCase() ? user.id : null;
  const mailId = `account-browser-download-${randomUUID()}`;
  const requested: BrowserDownloadMailRequested = {
    type: 'BrowserDownloadMailRequested',
    data: { mail_id: mailId, to, user_id: userId, partner_code: input.partner_code, incentive: input.incentive, requested_at: ctx.now().toISOString() },
  };
  await ctx.store.append(downloadMailStream(mailId), 'no_stream', [requested]);
  await queueMail(ctx.store, { mail_id: mailId, user_id: userId, to, ...downloadMail(links) }, ctx.now());
}
