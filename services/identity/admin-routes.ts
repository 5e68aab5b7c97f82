// What an administrator of this server does over HTTP: verify an account's address by hand, for
// servers that send no mail (the same as `make verify-account`).
import type { DomainRoutes } from '../http/handler.js';
import type { IdentityContext } from './context.js';
import type { Actor } from '../shared/actor.js';
import { isAdministrator } from './administrators.js';
import { identityErrors } from './errors.js';
import { requireUser } from './session.js';
import { verifyAccountByHand } from './verify-by-hand.js';

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
} satisfies DomainRoutes<IdentityContext>;
