// What Better Auth's refusals say, read once for every identity route: its error code, and the
// password-length refusal in this domain's words (Better Auth's own message as the detail).
import { identityErrors } from './errors.js';

type AuthError = { body?: { code?: string; message?: string } } | null | undefined;

export const authCodeOf = (err: unknown) => (err as AuthError)?.body?.code;

/** `invalid_password` when Better Auth refused the password's length, else null. */
export function passwordLengthProblem(err: unknown) {
  const code = authCodeOf(err);
  return code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG' ? identityErrors.invalidPassword((err as AuthError)?.body?.message) : null;
}
