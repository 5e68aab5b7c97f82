// The Better Auth endpoint behind organisation single sign-on (verified-sign-in.ts): only the
// server calls it (SERVER_ONLY; Better Auth's router is not mounted anyway). Better Auth's own
// OAuth user handling finds the account by the provider's subject, or by the address, joining it
// only when the account's own address is verified too (account_not_linked otherwise), or makes a
// new account with the address verified; then it sets the session cookie.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { handleOAuthUserInfo } from 'better-auth/oauth2';
import { z } from 'zod';

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
