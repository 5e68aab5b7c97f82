// Whether an account has a password of its own: one made by an identity provider's sign-in has
// none, so what needs the current password (changing it, two-factor) cannot apply to it.
import type { Auth } from './auth.js';

export async function hasPassword(auth: Auth, userId: string) {
  const accounts = await (await auth.$context).internalAdapter.findAccounts(userId);
  return accounts.some((a) => a.providerId === 'credential' && !!a.password);
}
