// A first password for an account made by an identity provider's sign-in (which has none): Better
// Auth's setPassword adds it; the account is told by mail, as of every change to how it signs in.
import type { DomainRoutes } from '../http/handler.js';
import { passwordSetNotice } from './account-mail.js';
import { authCodeOf, passwordLengthProblem } from './auth-refusals.js';
import type { IdentityContext } from './context.js';
import { hasPassword } from './credentials.js';
import { identityErrors } from './errors.js';
import { authHeaders, requireUser } from './session.js';

export const passwordRoutes = {
  async getPasswordStatus({ actor }, ctx) {
    const user = await requireUser(actor);
    return { status: 200, body: { has_password: await hasPassword(ctx.auth, user.id) } };
  },

  async setPassword({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    if (await hasPassword(ctx.auth, user.id)) throw identityErrors.passwordAlreadySet();
    await ctx.auth.api.setPassword({ body: { newPassword: body.new_password }, headers: authHeaders(headers) }).catch((err) => {
      if (authCodeOf(err) === 'PASSWORD_ALREADY_SET') throw identityErrors.passwordAlreadySet();
      throw passwordLengthProblem(err) ?? err;
    });
    await ctx
      .sendAccountMail(passwordSetNotice(user))
      .catch((err) => ctx.logger.error({ err, userId: user.id }, 'could not queue the notice of a password set'));
    return { status: 204 };
  },
} satisfies DomainRoutes<IdentityContext>;
