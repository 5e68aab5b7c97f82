// Signing in with an identity provider over HTTP: the start (the provider's address for the
// browser, with the cookie that binds the flow to it) and the callback the provider sends the
// browser back to. Better Auth runs the flow; an account it made is registered here like an email
// sign-up, or taken back when that fails, and the browser's anonymous work becomes the account's.
import type { DomainRoutes, ReplyHeaders } from '../http/handler.js';
import { SIGN_IN_FAILED_PATH } from './auth.js';
import type { IdentityContext } from './context.js';
import { identityErrors } from './errors.js';
import { authHeaders } from './session.js';
import { signInProviderList } from './sign-in-providers.js';
import { claimVisitorOnSignIn, registerAccountIfNew } from './use-cases.js';

/** The cookies a reply sets, as a Cookie header that a request would send back. */
const cookieHeaderOf = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

/** The query parameters Better Auth's callback reads; the others providers add are only accepted. */
const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;

export const socialRoutes = {
  async signInSocial({ body, headers }, ctx) {
    if (!signInProviderList(ctx.config.signInProviders).some((p) => p.id === body.provider)) throw identityErrors.providerNotConfigured();
    const base = ctx.config.publicUrl;
    const result = await ctx.auth.api.signInSocial({
      body: {
        provider: body.provider,
        callbackURL: `${base}${body.callback_path ?? '/'}`,
        errorCallbackURL: `${base}${SIGN_IN_FAILED_PATH}`,
        disableRedirect: true,
      },
      headers: authHeaders(headers),
      returnHeaders: true,
    });
    if (!result.response.url) throw new Error('Better Auth gave no authorization address');
    const cookies = result.headers.getSetCookie();
    const replyHeaders: ReplyHeaders | undefined = cookies.length ? { 'set-cookie': cookies } : undefined;
    return { status: 200, body: { url: result.response.url }, headers: replyHeaders };
  },

  async oauthCallback({ actor, path, query, headers }, ctx) {
    const q = query as Record<string, string | undefined>;
    const response = await ctx.auth.api.callbackOAuth({
      params: { id: path.provider_id },
      query: Object.fromEntries(CALLBACK_PARAMS.filter((k) => q[k] !== undefined).map((k) => [k, q[k]])),
      headers: authHeaders(headers),
      asResponse: true,
    });
    const failed = (code: string) => ({ redirect: `${ctx.config.publicUrl}${SIGN_IN_FAILED_PATH}?error=${code}`, status: 302 as const });
    const location = response.headers.get('location');
    if (!location) {
      ctx.logger.warn({ status: response.status, provider: path.provider_id }, 'a provider sign-in ended without a redirect');
      return failed('sign_in_failed');
    }
    const cookies = response.headers.getSetCookie();
    const replyHeaders: ReplyHeaders = cookies.length ? { 'set-cookie': cookies } : {};
    const session = cookies.length ? await ctx.auth.api.getSession({ headers: new Headers({ cookie: cookieHeaderOf(cookies) }) }) : null;
    if (!session) return { redirect: location, status: 302, headers: replyHeaders };

    const user = session.user;
    const now = ctx.now();
    try {
      const registered = await registerAccountIfNew(ctx.store, {
        userId: user.id,
        email: user.email,
        name: user.name,
        visitorId: actor.visitorId,
        now,
        emailVerified: user.emailVerified === true,
      });
      if (!registered)
        await claimVisitorOnSignIn(ctx.store, { visitorId: actor.visitorId, userId: user.id, now }).catch((err) =>
          ctx.logger.error({ err, userId: user.id }, 'could not claim the visitor on sign-in'),
        );
    } catch (err) {
      // Better Auth made the user (and its session) but its AccountRegistered could not be
      // recorded: the account would be half made, so it is taken back, as a failed email sign-up is.
      ctx.logger.error({ err, userId: user.id }, 'could not register an account made by a provider sign-in');
      await (await ctx.auth.$context).internalAdapter
        .deleteUser(user.id)
        .catch((e) => ctx.logger.error({ err: e, userId: user.id }, 'could not undo a half-made sign-up'));
      return failed('sign_up_failed');
    }
    return { redirect: location, status: 302, headers: replyHeaders };
  },
} satisfies DomainRoutes<IdentityContext>;
