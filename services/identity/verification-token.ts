// What a Better Auth verification token says, read without trusting it: Better Auth checks its
// signature and expiry when the token is used. `update_to` is set on an address-change token.
import { decodeJwt } from 'jose';

export type VerificationClaims = { email: string; update_to: string | null };

export function claimsOf(token: string): VerificationClaims | null {
  try {
    const { email, updateTo } = decodeJwt(token);
    if (typeof email !== 'string') return null;
    return { email: email.toLowerCase(), update_to: typeof updateTo === 'string' ? updateTo.toLowerCase() : null };
  } catch {
    return null;
  }
}
