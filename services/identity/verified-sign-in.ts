// Signing in a person an organisation's identity provider vouched for (orgs' single sign-on has
// checked the ID token, that the address is verified and at the organisation's verified domain),
// through the endpoint of verified-sign-in-plugin.ts.
import type { RequestHeaders } from '../shared/actor.js';
import type { IdentityContext } from './context.js';
import { identityErrors } from './errors.js';
import { authHeaders } from './session.js';
import { claimVisitorOnSignIn, registerAccountIfNew } from './use-cases.js';

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
