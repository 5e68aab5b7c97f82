// The account's own name, address and password over HTTP: verifying the address by its mailed link,
// changing it (email-change.ts), resetting a forgotten password by mail and changing it when
// signed in. Better Auth keeps the tokens (a verification link is a signed token valid 24 hours; a
// reset token works once, for an hour) and its errors become this domain's.
import type { DomainRoutes } from '../http/handler.js';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import type { IdentityContext } from './context.js';
import { authCodeOf, passwordLengthProblem } from './auth-refusals.js';
import { identityErrors } from './errors.js';
import { hasPassword } from './credentials.js';
import { findSessionUser, usernameTaken } from './queries.js';
import { authHeaders, requireUser } from './session.js';
import { signInProviderList } from './sign-in-providers.js';
import { changeUsername, recordEmailVerified, renameAccount } from './use-cases.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { claimsOf } from './verification-token.js';
import { personByEmail } from './people.js';

async function isVerified(ctx: IdentityContext, email: string | null) {
  if (!email) return false;
  return (await personByEmail(ctx.db, email))?.email_verified === true;
}

export const accountRoutes = {
  async getAuthSettings(_input, ctx) {
    return {
      status: 200,
      body: { mail_configured: !!ctx.config.smtpUrl, min_password_length: MIN_PASSWORD_LENGTH, providers: signInProviderList(ctx.config.signInProviders) },
    };
  },

  async sendVerificationEmail({ actor, headers }, ctx) {
    const user = await requireUser(actor);
    if (user.email_verified) throw identityErrors.alreadyVerified();
    await ctx.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(headers) });
    return { status: 204 };
  },

  async changeEmail({ actor, body, headers }, ctx) {
    const newEmail = await requestEmailChange(ctx, actor, headers, body);
    return { status: 202, body: { status: 'verification_sent', new_email: newEmail } };
  },

  async verifyEmail({ body, headers }, ctx) {
    const claims = claimsOf(body.token);
    if (claims?.update_to) {
      await confirmEmailChange(ctx, body.token, { ...claims, update_to: claims.update_to });
      return { status: 200, body: { status: 'email_changed', email: claims.update_to } };
    }
    const email = claims?.email ?? null;
    const before = await isVerified(ctx, email);
    // Where mail leaves, the first opening of a sign-up's link signs in (auth.ts): its cookie goes back.
    const result = await ctx.auth.api.verifyEmail({ query: { token: body.token }, headers: authHeaders(headers), returnHeaders: true }).catch((err) => {
      throw authCodeOf(err) === 'TOKEN_EXPIRED' ? identityErrors.tokenExpired() : identityErrors.invalidToken();
    });
    const cookies = result.headers.getSetCookie();
    // Recorded after Better Auth set its flag; opening the link again records it if that failed before.
    const verified = email ? await personByEmail(ctx.db, email) : undefined;
    if (verified) await recordEmailVerified(ctx.store, { userId: verified.id, via: 'link', now: ctx.now() });
    // The address's sessions cached a user that was not verified yet.
    ctx.sessions.forgetAll();
    return {
      status: 200,
      body: { status: before ? 'already_verified' : 'verified', email: email ?? '' },
      ...(cookies.length ? { headers: { 'set-cookie': cookies } } : {}),
    };
  },

  async requestPasswordReset({ body }, ctx) {
    // Better Auth answers the same whether or not the address has an account.
    await ctx.auth.api.requestPasswordReset({ body: { email: body.email.trim().toLowerCase() } });
    return { status: 204 };
  },

  async resetPassword({ body }, ctx) {
    await ctx.auth.api.resetPassword({ body: { token: body.token, newPassword: body.new_password } }).catch((err) => {
      throw passwordLengthProblem(err) ?? identityErrors.invalidToken();
    });
    // Every session of the account ended with the reset.
    ctx.sessions.forgetAll();
    return { status: 204 };
  },

  async updateAccountProfile({ actor, body, headers }, ctx) {
    const h = authHeaders(headers);
    await renameAccount(ctx, actor, body.name, (name) => ctx.auth.api.updateUser({ body: { name }, headers: h }));
    ctx.sessions.forgetAll();
    const session = await ctx.auth.api.getSession({ headers: h });
    if (!session) throw identityErrors.unauthenticated();
    return { status: 200, body: await findSessionUser(ctx, session.user) };
  },

  async setAccountUsername({ actor, body, headers }, ctx) {
    const h = authHeaders(headers);
    await changeUsername(ctx, actor, body.username, (username, userId) =>
      ctx.auth.api.updateUser({ body: { username }, headers: h }).catch(async (err) => {
        // Taken by another account: Better Auth's check, or its unique column when two ask at once.
        if (authCodeOf(err) === 'USERNAME_IS_ALREADY_TAKEN' || (await usernameTaken(ctx.db, username, userId))) throw identityErrors.usernameTaken();
        throw err;
      }),
    );
    ctx.sessions.forgetAll();
    const session = await ctx.auth.api.getSession({ headers: h });
    if (!session) throw identityErrors.unauthenticated();
    return { status: 200, body: await findSessionUser(ctx, session.user) };
  },

  async changePassword({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    if (!(await hasPassword(ctx.auth, user.id))) throw identityErrors.noPassword();
    const result = await ctx.auth.api
      .changePassword({
        body: { currentPassword: body.current_password, newPassword: body.new_password, revokeOtherSessions: body.sign_out_other_sessions ?? false },
        headers: authHeaders(headers),
        returnHeaders: true,
      })
      .catch((err) => {
        if (authCodeOf(err) === 'INVALID_PASSWORD') throw identityErrors.wrongPassword();
        throw passwordLengthProblem(err) ?? err;
      });
    if (body.sign_out_other_sessions) ctx.sessions.forgetAll();
    // With the other sessions signed out, this one gets a new cookie.
    return { status: 204, headers: { 'set-cookie': result.headers.getSetCookie() } };
  },
} satisfies DomainRoutes<IdentityContext>;
