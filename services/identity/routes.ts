// Accounts over HTTP: Better Auth signs up, in and out (its session cookie travels back as
// set-cookie headers of the reply); the account's events are ours.
import { randomUUID } from 'node:crypto';
import { inRanges } from '../shared/cidr.js';
import type { DomainRoutes } from '../http/handler.js';
import { visitorSetCookie } from '../http/security.js';
import type { IdentityContext } from './context.js';
import type { DomainErrorKind } from '../shared/domain-error.js';
import { authCodeOf, passwordLengthProblem } from './auth-refusals.js';
import { identityErrors } from './errors.js';
import { accountHolder, emailTaken, findSessionUser, userExists } from './queries.js';
import { signUpAttemptMail } from './account-mail.js';
import { authHeaders } from './session.js';
import { claimVisitorOnSignIn, registerAccount } from './use-cases.js';
import { issueVerificationCode, mayVerifyByCode } from './verification-code.js';

const kindOfStatus: Record<number, DomainErrorKind> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'rate_limited',
};

/** Better Auth answers with its own error codes; these are the ones a user can cause. */
function authProblem(err: unknown): never {
  const e = err as { status?: string | number; statusCode?: number; body?: { code?: string; message?: string } };
  const code = e?.body?.code;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'INVALID_EMAIL') throw identityErrors.invalidCredentials();
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') throw identityErrors.emailTaken();
  const password = passwordLengthProblem(err);
  if (password) throw password;
  if (code === 'ORGANIZATION_ALREADY_EXISTS' || code === 'ORGANIZATION_SLUG_ALREADY_TAKEN') throw identityErrors.slugTaken();
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    throw identityErrors.authRefused(kindOfStatus[e.statusCode] ?? 'invalid', (code ?? 'auth_error').toLowerCase(), e.body?.message);
  throw err;
}

/** The cookies Better Auth set, to go out with the reply. */
function cookiesOf(from: Headers): Record<string, string[]> {
  const cookies = from.getSetCookie();
  return cookies.length ? { 'set-cookie': cookies } : {};
}

export const identityRoutes = {
  async signUpEmail({ actor, body, headers }, ctx) {
    const { name, email, password } = body;
    // A taken address is answered as a new one where mail leaves (nobody is signed in either way),
    // and as near to it as can be without mail: 200 without a session (a new account would have
    // one). Its owner is mailed either way, never told to the asker in words.
    const notSignedIn = { status: 200 as const, body: { user: null, visitor_id: actor.visitorId } };
    const result = await ctx.auth.api
      .signUpEmail({ body: { name, email, password }, headers: authHeaders(headers), returnHeaders: true })
      .catch(async (err) => {
        const code = authCodeOf(err);
        // Without mail, Better Auth refuses a taken address (with mail it answers as for a new one).
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          const holder = await accountHolder(ctx.db, email);
          if (holder) await ctx.sendAccountMail(signUpAttemptMail(holder, ctx.config.publicUrl));
          return null;
        }
        // Two sign-ups with one email at the same time: the later one fails on the unique email
        // rather than on Better Auth's check, and is answered as if it had come second.
        if (code === 'FAILED_TO_CREATE_USER' && (await emailTaken(ctx.db, email))) return null;
        return authProblem(err);
      });
    if (!result) return notSignedIn;
    const user = result.response.user;
    // Where mail leaves, a taken address gets a made-up user (its owner was mailed): nothing to record.
    if (!result.response.token && !(await userExists(ctx.db, user.id))) return notSignedIn;
    try {
      await registerAccount(ctx.store, { userId: user.id, email: user.email, name: user.name, visitorId: actor.visitorId, now: ctx.now() });
    } catch (err) {
      // Better Auth has already stored the user; without its AccountRegistered event the account
      // would be half made, so take the user back out and let the person try again.
      await (await ctx.auth.$context).internalAdapter
        .deleteUser(user.id)
        .catch((e) => ctx.logger.error({ err: e, userId: user.id }, 'could not undo a half-made sign-up'));
      throw err;
    }
    // An administrator's address on a server without mail proves itself with a code from the log.
    if (mayVerifyByCode({ email: user.email, email_verified: user.emailVerified }, ctx.config))
      await issueVerificationCode(ctx, user, ctx.now()).catch((err) => ctx.logger.error({ err, userId: user.id }, 'could not issue a verification code'));
    if (!result.response.token) return notSignedIn;
    return { status: 200, body: { user: await findSessionUser(ctx, user), visitor_id: actor.visitorId }, headers: cookiesOf(result.headers) };
  },

  async signInEmail({ actor, body, headers }, ctx) {
    const { email, password } = body;
    const result = await ctx.auth.api.signInEmail({ body: { email, password }, headers: authHeaders(headers), returnHeaders: true }).catch((err) => {
      // Where mail leaves, an unverified account's right password is answered as a wrong one (it
      // would tell who signed up with the address); Better Auth mailed the address a new link.
      if (ctx.config.smtpUrl && (authCodeOf(err) === 'EMAIL_NOT_VERIFIED' || authCodeOf(err) === 'INVALID_EMAIL_OR_PASSWORD'))
        throw identityErrors.invalidCredentialsOrUnverified();
      return authProblem(err);
    });
    // Two-factor sign-in: Better Auth made no session, only the challenge cookie for the second step.
    if ((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect)
      return { status: 200, body: { two_factor_required: true, methods: ['totp', 'backup_code'] }, headers: cookiesOf(result.headers) };
    // This browser's anonymous work becomes the account's; signing in works even if that fails.
    await claimVisitorOnSignIn(ctx.store, { visitorId: actor.visitorId, userId: result.response.user.id, now: ctx.now() }).catch((err) =>
      ctx.logger.error({ err, userId: result.response.user.id }, 'could not claim the visitor on sign-in'),
    );
    return {
      status: 200,
      body: { user: await findSessionUser(ctx, result.response.user), visitor_id: actor.visitorId },
      headers: cookiesOf(result.headers),
    };
  },

  async signOut({ headers: requestHeaders }, ctx) {
    const headers = authHeaders(requestHeaders);
    if (!(await ctx.auth.api.getSession({ headers }))) return { status: 204 };
    const result = await ctx.auth.api.signOut({ headers, returnHeaders: true });
    // The old cookie must fail from now on, also where its user id was remembered.
    ctx.sessions.forgetAll();
    // A fresh visitor id: this browser's earlier one was claimed by the account, and what is asked
    // next on a shared computer must not become that account's.
    const visitor = visitorSetCookie(randomUUID(), ctx.config.publicUrl.startsWith('https://'));
    return { status: 204, headers: { 'set-cookie': [...(cookiesOf(result.headers)['set-cookie'] ?? []), visitor] } };
  },

  async getSession({ actor, clientIp }, ctx) {
    const user = await actor.user();
    // The address is this request's, not the remembered session's: a government range marks it here.
    const fromGovernment = !!user && !user.isGovernmentRequestOrigin && inRanges(clientIp, ctx.config.billing.government.ipRanges);
    return { status: 200, body: { user: fromGovernment && user ? { ...user, isGovernmentRequestOrigin: true } : user, visitor_id: actor.visitorId } };
  },
} satisfies DomainRoutes<IdentityContext>;
