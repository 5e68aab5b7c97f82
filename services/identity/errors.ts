// The identity domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';

export const identityErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  invalidCredentials: () => new DomainError('unauthenticated', 'invalid_credentials', 'Wrong email or password.'),
  /** Where mail leaves: a wrong password and an address not verified yet are answered alike. */
  invalidCredentialsOrUnverified: () =>
    new DomainError(
      'unauthenticated',
      'invalid_credentials',
      'Wrong email or password. If you have just signed up, open the link we mailed you first: it signs you in.',
    ),
  emailTaken: () => new DomainError('conflict', 'email_taken', 'An account with this email already exists. Sign in instead.'),
  /** Better Auth's own words on what a password must be. */
  invalidPassword: (detail: string | undefined) => new DomainError('invalid', 'invalid_password', detail ?? ''),
  slugTaken: () => new DomainError('conflict', 'slug_taken', 'That organisation name is taken. Choose another.'),
  organizationNotCreated: () => new DomainError('invalid', 'organization_not_created', 'The organisation could not be created.'),
  /** Any other refusal of Better Auth a user can cause: its code in lower case, its message. */
  authRefused: (kind: DomainErrorKind, code: string, detail: string | undefined) => new DomainError(kind, code, detail ?? ''),
  nameRequired: () => new DomainError('invalid', 'name_required', 'Give your name: it cannot be blank.'),
  sessionNotFound: () => new DomainError('not_found', 'session_not_found', 'No such signed-in device on your account.'),
  wrongPassword: () => new DomainError('invalid', 'wrong_password', 'The current password is not right.'),
  invalidToken: () => new DomainError('invalid', 'invalid_token', 'This link is not valid any more: it was used already or it expired. Ask for a new one.'),
  tokenExpired: () => new DomainError('invalid', 'token_expired', 'This link has expired. Ask for a new one.'),
  invalidUsername: () => new DomainError('invalid', 'invalid_username', 'A username has 3 to 30 letters, digits, dots or underscores.'),
  usernameTaken: () => new DomainError('conflict', 'username_taken', 'That username is taken. Choose another.'),
  invalidAvatar: () => new DomainError('invalid', 'invalid_avatar', 'Choose a PNG, JPEG, GIF or WebP picture of up to 10 MB and upload it first.'),
  avatarNotFound: () => new DomainError('not_found', 'avatar_not_found', 'This person has no picture.'),
  notAdministrator: () => new DomainError('forbidden', 'not_administrator', 'Only an administrator of this server can do this.'),
  accountNotFound: () => new DomainError('not_found', 'account_not_found', 'No account has this address.'),
  sameEmail: () => new DomainError('invalid', 'same_email', 'That is already the address of your account.'),
  verificationCodeUnavailable: () =>
    new DomainError(
      'forbidden',
      'verification_code_unavailable',
      'A code from the server’s log verifies only an address listed in ADMIN_EMAILS, on a server that sends no mail.',
    ),
  verificationCodeWrong: () => new DomainError('invalid', 'verification_code_wrong', 'That code is not right. Enter the code printed in the server’s log.'),
  verificationCodeExpired: () =>
    new DomainError(
      'invalid',
      'verification_code_expired',
      'That code has expired or was tried too often. Ask for a new one: it is printed in the server’s log.',
    ),
  alreadyVerified: () => new DomainError('conflict', 'already_verified', 'Your email address is already verified.'),
  accountExists: () => new DomainError('conflict', 'account_exists', 'This account is already registered.'),
  invalidTwoFactorCode: (kind: 'invalid' | 'unauthenticated') =>
    new DomainError(kind, 'invalid_two_factor_code', 'That code is not right. Enter the six digits your authenticator app shows now.'),
  invalidBackupCode: () => new DomainError('unauthenticated', 'invalid_backup_code', 'That backup code is not right, or it was used already.'),
  twoFactorChallengeExpired: () =>
    new DomainError('unauthenticated', 'two_factor_challenge_expired', 'Signing in took too long or was not started here. Sign in again.'),
  tooManyTwoFactorAttempts: () => new DomainError('rate_limited', 'too_many_two_factor_attempts', 'Too many wrong codes. Sign in again.'),
  twoFactorLocked: () =>
    new DomainError('rate_limited', 'two_factor_locked', 'Too many wrong codes in a row: two-factor sign-in for this account is locked for 15 minutes.'),
  twoFactorAlreadyEnabled: () => new DomainError('conflict', 'two_factor_already_enabled', 'Two-factor sign-in is already on.'),
  twoFactorNotEnabled: () => new DomainError('conflict', 'two_factor_not_enabled', 'Two-factor sign-in is off.'),
  twoFactorNotStarted: () => new DomainError('conflict', 'two_factor_not_started', 'Set up your authenticator app first.'),
  noPassword: () =>
    new DomainError(
      'conflict',
      'no_password',
      'This account signs in with an identity provider and has no password here, so it has none to change or confirm.',
    ),
  passwordAlreadySet: () =>
    new DomainError('conflict', 'password_already_set', 'This account has a password already. Change it instead (you need the current one).'),
  providerNotConfigured: () => new DomainError('invalid', 'provider_not_configured', 'Signing in with this provider is not set up on this server.'),
  visitorAlreadyClaimed: () => new DomainError('conflict', 'visitor_already_claimed', 'This visitor’s work already belongs to another account.'),
};
