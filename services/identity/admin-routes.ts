// What an administrator of this server does over HTTP, for servers that send no mail: verify an
// account's address by hand (the same as `make verify-account`) and make a one-time link to
// choose a new password (as `make reset-password` prints); and how an address listed in
// ADMIN_EMAILS proves itself with the one-time code printed in the server's log.
import type { DomainRoutes } from '../http/handler.js';
import type { IdentityContext } from './context.js';
import type { Actor } from '../shared/actor.js';
import { isAdministrator } from './administrators.js';
import { identityErrors } from './errors.js';
import { requireUser } from './session.js';
import { verifyAccountByHand } from './verify-by-hand.js';
import { makeResetLink } from './reset-link.js';
import { enterVerificationCode, issueVerificationCode, mayVerifyByCode } from './verification-code.js';

async function requireAdministrator(actor: Actor, adminEmails: readonly string[]) {
  const user = await requireUser(actor);
  if (!isAdministrator(user, adminEmails)) throw identityErrors.notAdministrator();
  return user;
}

export const adminRoutes = {
  async verifyAccountAsAdmin({ actor, body }, ctx) {
    await requireAdministrator(actor, ctx.config.adminEmails);
    const email = body.email.trim().toLowerCase();
    const result = await verifyAccountByHand(ctx.store, email, ctx.now());
    if (result === 'no_account') throw identityErrors.accountNotFound();
    // Sessions remembered the account as unverified.
    ctx.sessions.forgetAll();
    return { status: 200, body: { status: result, email } };
  },

  async makeResetLinkAsAdmin({ actor, body }, ctx) {
    await requireAdministrator(actor, ctx.config.adminEmails);
    const link = await makeResetLink(ctx.store, { email: body.email, publicUrl: ctx.config.publicUrl, by: 'administrator', now: ctx.now() });
    if (!link) throw identityErrors.accountNotFound();
    return { status: 200, body: link };
  },

  async requestVerificationCode({ actor }, ctx) {
    const user = await requireUser(actor);
    if (user.email_verified) throw identityErrors.alreadyVerified();
    if (!mayVerifyByCode(user, ctx.config)) throw identityErrors.verificationCodeUnavailable();
    await issueVerificationCode(ctx, user, ctx.now());
    return { status: 204 };
  },

  async enterVerificationCode({ actor, body }, ctx) {
    const user = await requireUser(actor);
    if (user.email_verified) throw identityErrors.alreadyVerified();
    if (!mayVerifyByCode(user, ctx.config)) throw identityErrors.verificationCodeUnavailable();
    const outcome = await enterVerificationCode(ctx.store, user.id, body.code, ctx.now());
    if (outcome === 'wrong') throw identityErrors.verificationCodeWrong();
    if (outcome === 'no_code' || outcome === 'expired') throw identityErrors.verificationCodeExpired();
    if (outcome === 'already_verified') throw identityErrors.alreadyVerified();
    // Sessions remembered the account as unverified.
    ctx.sessions.forgetAll();
    return { status: 200, body: { status: 'verified' as const } };
  },
} satisfies DomainRoutes<IdentityContext>;
