// Better Auth's two-factor refusals in this domain's words. `during`: setting up (a signed-in
// person checking a code: 400) or signing in (no session yet: 401).
import { authCodeOf } from './auth-refusals.js';
import { identityErrors } from './errors.js';

export function twoFactorProblem(err: unknown, during: 'setup' | 'sign-in' = 'setup'): never {
  switch (authCodeOf(err)) {
    case 'INVALID_PASSWORD':
      throw identityErrors.wrongPassword();
    case 'INVALID_CODE':
      throw identityErrors.invalidTwoFactorCode(during === 'setup' ? 'invalid' : 'unauthenticated');
    case 'INVALID_BACKUP_CODE':
      throw identityErrors.invalidBackupCode();
    case 'INVALID_TWO_FACTOR_COOKIE':
      throw identityErrors.twoFactorChallengeExpired();
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      throw identityErrors.tooManyTwoFactorAttempts();
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw identityErrors.twoFactorLocked();
    case 'TOTP_ALREADY_ENABLED':
      throw identityErrors.twoFactorAlreadyEnabled();
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      // At sign-in there is no challenge for an account without a second factor.
      throw during === 'sign-in' ? identityErrors.twoFactorChallengeExpired() : identityErrors.twoFactorNotEnabled();
    case 'UNAUTHORIZED':
      throw identityErrors.unauthenticated();
    default:
      throw err;
  }
}
