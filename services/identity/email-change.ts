// Changing an account's address: asked for with the current password, mailed to the new address,
// made only when that link is opened, and told to the old address afterwards. Better Auth keeps
// the signed token; the change is our event (AccountEmailChanged) as well as its user row.
import type { IdentityContext } from './context.js';
import type { Actor } from '../shared/actor.js';
import { emailChangedNotice } from './account-mail.js';
import { authCodeOf } from './auth-refusals.js';
import { identityErrors } from './errors.js';
import { emailTaken } from './queries.js';
import { authHeaders, requireUser } from './session.js';
import { changeAccountEmail } from './use-cases.js';
import type { VerificationClaims } from './verification-token.js';
import { own } from './tables.js';

type RequestHeaders = Parameters<typeof authHeaders>[0];

/** Mails the link to the new address. An address that has an account gets nothing, and the asker is told the same. */
export async function requestEmailChange(ctx: IdentityContext, actor: Actor, headers: RequestHeaders, body: { new_email: string; current_password: string }) {
  const user = await requireUser(actor);
  const newEmail = body.new_email.trim().toLowerCase();
  if (newEmail === user.email.toLowerCase()) throw identityErrors.sameEmail();
  const h = authHeaders(headers);
  await ctx.auth.api.verifyPassword({ body: { password: body.current_password }, headers: h }).catch((err) => {
    throw authCodeOf(err) === 'INVALID_PASSWORD' ? identityErrors.wrongPassword() : err;
  });
  await ctx.auth.api.changeEmail({ body: { newEmail }, headers: h });
  return newEmail;
}

/** Opens an address-change link: the account takes the new address, and the old one is told. */
export async function confirmEmailChange(ctx: IdentityContext, token: string, claims: VerificationClaims & { update_to: string }) {
  const user = await own(ctx.db).selectFrom('user').select(['id', 'name', 'email']).where('email', '=', claims.email).executeTakeFirst();
  // The old address has no account: the link was used already (or never was ours).
  if (!user) throw identityErrors.invalidToken();
  const changed = await changeAccountEmail(ctx.store, { userId: user.id, email: claims.update_to, previous: user.email, now: ctx.now() }, async () => {
    const result = await ctx.auth.api.verifyEmail({ query: { token }, returnHeaders: true }).catch(async (err) => {
      if (authCodeOf(err) === 'TOKEN_EXPIRED') throw identityErrors.tokenExpired();
      if (authCodeOf(err)) throw identityErrors.invalidToken();
      // A valid link, but someone registered the new address since it was sent.
      if (await emailTaken(ctx.db, claims.update_to)) throw identityErrors.emailTaken();
      throw err;
    });
    await dropSessionMadeFor(ctx, result.headers);
  });
  ctx.sessions.forgetAll();
  if (changed)
    await ctx
      .sendAccountMail(emailChangedNotice(user, user.email, claims.update_to))
      .catch((err) => ctx.logger.error({ err, userId: user.id }, 'could not queue the notice of an address change'));
}

/**
 * Better Auth signs the link's opener in when no session came with it; the link only proves the
 * address, so that session is ended at once (it would show as an unknown device).
 */
async function dropSessionMadeFor(ctx: IdentityContext, headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => /^(__Secure-)?better-auth\.session_token=/.test(c));
  const value = cookie ? decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1).split(';')[0]) : '';
  const token = value.split('.')[0];
  if (token) await (await ctx.auth.$context).internalAdapter.deleteSession(token);
}
