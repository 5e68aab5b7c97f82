// Two-factor sign-in over HTTP: set up an authenticator app (password, then a first code), turn it
// off or renew the backup codes (password), and the second step of signing in. Better Auth keeps
// the secret and the backup codes (encrypted) and the challenge between the two steps (a signed
// cookie with a 10-minute record, five codes per challenge, ten wrong ones lock it 15 minutes).
import type { DomainRoutes, ReplyHeaders } from '../http/handler.js';
import type { IdentityContext } from './context.js';
import { hasPassword } from './credentials.js';
import { identityErrors } from './errors.js';
import { findSessionUser } from './queries.js';
import { authHeaders, requireUser } from './session.js';
import { twoFactorProblem } from './two-factor-refusals.js';
import { claimVisitorOnSignIn, recordTwoFactor } from './use-cases.js';

type Headers = Parameters<typeof authHeaders>[0];

/** The signed-in user as Better Auth has them (with `twoFactorEnabled`) and their pending or confirmed secret, if any. */
async function twoFactorOf(ctx: IdentityContext, headers: Headers) {
  const session = await ctx.auth.api.getSession({ headers: authHeaders(headers) });
  if (!session) throw identityErrors.unauthenticated();
  const row = await (await ctx.auth.$context).adapter.findOne<{ verified: boolean | null }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: session.user.id }],
  });
  return { enabled: session.user.twoFactorEnabled === true, pending: !!row && row.verified === false, started: !!row };
}

/**
 * Better Auth writes the URI's query with URLSearchParams, which encodes a space as '+'; the
 * otpauth key format (and apps reading it) decode only %20, so the issuer would show as
 * "Answer+Engine". Its parameters are written again with %20.
 */
export function withPercentSpaces(totpUri: string) {
  const [base, query = ''] = totpUri.split('?', 2);
  const params = [...new URLSearchParams(query)].map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return params.length ? `${base}?${params.join('&')}` : base;
}

const cookiesOf = (from: globalThis.Headers): ReplyHeaders => {
  const cookies = from.getSetCookie();
  return cookies.length ? { 'set-cookie': cookies } : {};
};

export const twoFactorRoutes = {
  async getTwoFactorStatus({ actor, headers }, ctx) {
    await requireUser(actor);
    const { enabled, pending } = await twoFactorOf(ctx, headers);
    return { status: 200, body: { enabled, pending: !enabled && pending } };
  },

  async enableTwoFactor({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    // Its password is the second step's first: an account made by a provider relies on the provider's.
    if (!(await hasPassword(ctx.auth, user.id))) throw identityErrors.noPassword();
    const result = await ctx.auth.api
      .enableTwoFactor({ body: { password: body.password, method: 'totp' }, headers: authHeaders(headers) })
      .catch((e) => twoFactorProblem(e));
    if (result.method !== 'totp') throw new Error('Better Auth set up no authenticator secret');
    return { status: 200, body: { totp_uri: withPercentSpaces(result.totpURI), backup_codes: result.backupCodes } };
  },

  async confirmTwoFactor({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    const state = await twoFactorOf(ctx, headers);
    if (state.enabled) throw identityErrors.twoFactorAlreadyEnabled();
    if (!state.started) throw identityErrors.twoFactorNotStarted();
    const result = await ctx.auth.api
      .verifyTOTP({ body: { code: body.code }, headers: authHeaders(headers), returnHeaders: true })
      .catch((e) => twoFactorProblem(e));
    await recordTwoFactor(ctx.store, { userId: user.id, enabled: true, now: ctx.now() });
    // Better Auth replaced this session (its cookie carries the user it remembers).
    ctx.sessions.forgetAll();
    return { status: 204, headers: cookiesOf(result.headers) };
  },

  async disableTwoFactor({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    if (!(await twoFactorOf(ctx, headers)).enabled) throw identityErrors.twoFactorNotEnabled();
    const result = await ctx.auth.api
      .disableTwoFactor({ body: { password: body.password }, headers: authHeaders(headers), returnHeaders: true })
      .catch((e) => twoFactorProblem(e));
    await recordTwoFactor(ctx.store, { userId: user.id, enabled: false, now: ctx.now() });
    ctx.sessions.forgetAll();
    return { status: 204, headers: cookiesOf(result.headers) };
  },

  async regenerateBackupCodes({ actor, body, headers }, ctx) {
    await requireUser(actor);
    if (!(await twoFactorOf(ctx, headers)).enabled) throw identityErrors.twoFactorNotEnabled();
    const result = await ctx.auth.api
      .generateBackupCodes({ body: { password: body.password }, headers: authHeaders(headers) })
      .catch((e) => twoFactorProblem(e));
    return { status: 200, body: { backup_codes: result.backupCodes } };
  },

  async verifyTwoFactor({ actor, body, headers }, ctx) {
    // Only the second step of a sign-in: someone signed in already has nothing to finish.
    if (await actor.user()) throw identityErrors.twoFactorChallengeExpired();
    const h = authHeaders(headers);
    const call =
      body.kind === 'backup_code'
        ? ctx.auth.api.verifyBackupCode({ body: { code: body.code.trim() }, headers: h, returnHeaders: true })
        : ctx.auth.api.verifyTOTP({ body: { code: body.code.replace(/\s+/g, '') }, headers: h, returnHeaders: true });
    const result = await call.catch((e) => twoFactorProblem(e, 'sign-in'));
    const user = result.response.user as { id: string; name: string; email: string; emailVerified: boolean };
    await claimVisitorOnSignIn(ctx.store, { visitorId: actor.visitorId, userId: user.id, now: ctx.now() }).catch((err) =>
      ctx.logger.error({ err, userId: user.id }, 'could not claim the visitor on sign-in'),
    );
    return { status: 200, body: { user: await findSessionUser(ctx, user), visitor_id: actor.visitorId }, headers: cookiesOf(result.headers) };
  },
} satisfies DomainRoutes<IdentityContext>;
