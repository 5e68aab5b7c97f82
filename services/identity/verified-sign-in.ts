// Signing in a person an organisation's identity provider vouched for (orgs' single sign-on has
// checked the ID token, that the address is verified and at the organisation's verified domain).
// A Better Auth endpoint that only the server calls (SERVER_ONLY; Better Auth's router is not
// mounted anyway): Better Auth's own OAuth user handling finds the account by the provider's
// subject, or by the address, joining it only when the account's own address is verified too
// (account_not_linked otherwise), or makes a new account with the address verified; then it
// sets the session cookie.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { handleOAuthUserInfo } from 'better-auth/oauth2';
import { z } from 'zod';
import type { RequestHeaders } from '../shared/actor.js';
import type { IdentityContext } from './context.js';
import { identityErrors } from './errors.js';
import { authHeaders } from './session.js';
import { claimVisitorOnSignIn, registerAccountIfNew } from './use-cases.js';

export const verifiedSignInPlugin = () =>
  ({
    id: 'verified-sign-in',
    endpoints: {
      signInVerifiedIdentity: createAuthEndpoint(
        '/verified-identity/sign-in',
        {
          method: 'POST',
          body: z.object({ provider_id: z.string().min(1), account_id: z.string().min(1), email: z.string().email(), name: z.string().min(1) }),
          metadata: { SERVER_ONLY: true },
        },
        async (c) => {
          const { provider_id, account_id, email, name } = c.body;
          const result = await handleOAuthUserInfo(c, {
            userInfo: { id: account_id, email: email.toLowerCase(), emailVerified: true, name, image: null },
            account: { providerId: provider_id, accountId: account_id },
          });
          if (!result.data) throw new APIError('UNAUTHORIZED', { code: result.error.replaceAll(' ', '_'), message: result.error });
          await setSessionCookie(c, result.data);
          return c.json({ user_id: result.data.user.id, email: result.data.user.email, name: result.data.user.name, is_new: !!result.isRegister });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;

export type VerifiedIdentity = { provider_id: string; account_id: string; email: string; name: string };

/**
 * Signs the person in (the reply's cookies), registering a new account like an email sign-up
 * (taken back if that fails) and claiming the browser's anonymous work. Refused with
 * `account_not_linked` when the address belongs to an account whose address is not verified.
 */
export async function signInVerifiedIdentity(
  ctx: Pick<IdentityContext, 'auth' | 'store' | 'logger' | 'now' | 'sessions'>,
  who: VerifiedIdentity,
  request: { headers: RequestHeaders; visitorId: string },
) {
  let result: { headers: Headers; response: { user_id: string; email: string; name: string; is_new: boolean } };
  try {
    result = await ctx.auth.api.signInVerifiedIdentity({ body: who, headers: authHeaders(request.headers), returnHeaders: true });
  } catch (err) {
    const code = (err as { body?: { code?: string } }).body?.code;
    if (code === 'account_not_linked')
      throw identityErrors.authRefused(
        'conflict',
        'account_not_linked',
        'An account with this address exists but its address is not verified: sign in to it and verify the address first.',
      );
    throw err;
  }
  const user = result.response;
  const now = ctx.now();
  try {
    const registered = await registerAccountIfNew(ctx.store, { userId: user.user_id, email: user.email, name: user.name, visitorId: request.visitorId, now });
    if (!registered)
      await claimVisitorOnSignIn(ctx.store, { visitorId: request.visitorId, userId: user.user_id, now }).catch((err) =>
        ctx.logger.error({ err, userId: user.user_id }, 'could not claim the visitor on sign-in'),
      );
  } catch (err) {
    ctx.logger.error({ err, userId: user.user_id }, 'could not register an account made by single sign-on');
    if (user.is_new)
      await (await ctx.auth.$context).internalAdapter
        .deleteUser(user.user_id)
        .catch((e) => ctx.logger.error({ err: e, userId: user.user_id }, 'could not undo a half-made sign-up'));
    throw err;
  }
  return { user_id: user.user_id, email: user.email, is_new: user.is_new, cookies: result.headers.getSetCookie() };
}
