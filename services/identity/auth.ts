// Better Auth on our PostgreSQL: email and password with verified addresses and password reset,
// two-factor sign-in, organisations. Its tables are the one place outside the event store that the auth library
// writes itself; its mails go out through `sendMail` (the app's outbox and delivery).
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { organization, twoFactor, username } from 'better-auth/plugins';
import { getMigrations } from 'better-auth/db/migration';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { oidcPluginsOf, type SignInProviders, socialProvidersOf } from './sign-in-providers.js';
import {
  emailChangeMail,
  passwordResetMail,
  signUpAttemptMail,
  RESET_LINK_MINUTES,
  type SendAccountMail,
  VERIFY_LINK_HOURS,
  verificationMail,
} from './account-mail.js';
import { claimsOf } from './verification-token.js';
import { USERNAME_LENGTH } from './decide.js';
import { verifiedSignInPlugin } from './verified-sign-in-plugin.js';
import { cheapPasswordHashing } from './cheap-password-hashing.js';

/** `sendMail`: how account mails leave (absent where no mail is sent, as when only migrating). */
export type AuthOptions = {
  pool: pg.Pool;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  sendMail?: SendAccountMail;
  /**
   * Whether mail leaves the server (SMTP_URL): then a sign-up signs nobody in and answers alike for
   * a new and a taken address (the taken one's owner is mailed), the mailed link verifies and signs
   * in once, and an unverified account cannot sign in with its password. Without it, nobody could
   * receive the link, so a new account is signed in at once.
   */
  mailLeaves?: boolean;
  /** The identity providers to sign in with (config.signInProviders); none when absent. */
  signInProviders?: SignInProviders;
  /** Told the address of an account whose password was reset by its mailed link. */
  onPasswordReset?: (email: string) => void;
  /** Test servers only (config TEST_CHEAP_PASSWORD_HASHES): a cheap scrypt in place of Better Auth's default. */
  cheapPasswordHashes?: boolean;
};

const noMail: SendAccountMail = async () => {
  throw new Error('No account mail can be sent here.');
};

export const MIN_PASSWORD_LENGTH = 8;
/** The web page a failed sign-in with a provider lands on (`?error=<code>`). */
export const SIGN_IN_FAILED_PATH = '/auth/error';
/** The name an authenticator app shows beside the account. */
export const TWO_FACTOR_ISSUER = 'Answer Engine';

function authOptions(o: AuthOptions) {
  return {
    database: o.pool,
    secret: o.secret,
    baseURL: o.baseURL,
    basePath: '/api/auth',
    trustedOrigins: o.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: !o.mailLeaves,
      requireEmailVerification: !!o.mailLeaves,
      // Only called where mail leaves (Better Auth calls it only with requireEmailVerification on).
      onExistingUserSignUp: async ({ user }) => (o.sendMail ?? noMail)(signUpAttemptMail(user, o.baseURL)),
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => o.onPasswordReset?.(user.email),
      sendResetPassword: ({ user, token }) => (o.sendMail ?? noMail)(passwordResetMail(user, token, o.baseURL)),
      ...(o.cheapPasswordHashes ? { password: cheapPasswordHashing } : {}),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Where mail leaves, a sign-in with the right password to an unverified account mails a new link.
      sendOnSignIn: !!o.mailLeaves,
      expiresIn: VERIFY_LINK_HOURS * 3600,
      // Where mail leaves, the sign-up's link (posted by its page, so a mail scanner that only opens
      // it does nothing) verifies and signs in, once: an opened link of a verified address signs
      // nobody in. Without mail, the account was signed in at sign-up and the link signs nobody in.
      autoSignInAfterVerification: !!o.mailLeaves,
      // An address change's token names the address it moves to (Better Auth passes the user with it).
      sendVerificationEmail: ({ user, token }) => {
        const newEmail = claimsOf(token)?.update_to;
        return (o.sendMail ?? noMail)(newEmail ? emailChangeMail(user, newEmail, token, o.baseURL) : verificationMail(user, token, o.baseURL));
      },
    },
    // A new address takes effect only once its mailed link is opened (verified at the new address).
    user: { changeEmail: { enabled: true } },
    plugins: [
      organization(),
      // Usernames are ours to check (identity/decide.ts); the plugin keeps them unique in its column.
      username({ minUsernameLength: USERNAME_LENGTH.min, maxUsernameLength: USERNAME_LENGTH.max, displayUsername: false }),
      // An authenticator app's code (and single-use backup codes) after the password; the secret
      // and the codes are stored encrypted with the auth secret.
      twoFactor({ issuer: TWO_FACTOR_ISSUER }),
      ...oidcPluginsOf(o.signInProviders),
      // Organisation single sign-on signs people in through this (orgs' sso-routes.ts).
      verifiedSignInPlugin(),
    ],
    socialProviders: socialProvidersOf(o.signInProviders),
    account: {
      // A provider's sign-in joins an existing account of the same address only when the provider
      // says the address is verified and the account's own address is verified too; otherwise it
      // is refused (account_not_linked), so nobody takes over an account, nor is taken over, by
      // an address they never proved. No provider is trusted beyond that.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
    },
    // Failures of a provider's sign-in end on the web app's page that explains them.
    onAPIError: { errorURL: `${o.baseURL}${SIGN_IN_FAILED_PATH}` },
    // Our edge does rate limiting and origin checks for every route, these included.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: o.baseURL.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(o: AuthOptions) {
  return betterAuth(authOptions(o));
}
export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates Better Auth's own tables (its migrations, not ours); run before createAuth. */
export async function migrateAuth(o: AuthOptions) {
  const { runMigrations } = await getMigrations(authOptions(o));
  await runMigrations();
}
