// The account's name, address, password and devices in the mock API, with the server's codes and texts
// (services/identity/errors.ts). The mock "mails" nothing: its links' tokens name the account
// (`mock-verify:<user id>`, `mock-reset:<user id>`), so a scripted test can follow them.
import {
  getChangePasswordMockHandler,
  getGetAuthSettingsMockHandler,
  getRequestPasswordResetMockHandler,
  getResetPasswordMockHandler,
  getSendVerificationEmailMockHandler,
  getSignInSocialMockHandler,
  getVerifyEmailMockHandler,
} from '../generated/msw/auth/auth.msw';
import {
  getListAccountSessionsMockHandler,
  getRevokeAccountSessionMockHandler,
  getSignOutOtherSessionsMockHandler,
  getUpdateAccountProfileMockHandler,
} from '../generated/msw/account/account.msw';
import type { ChangePasswordBody, ResetPasswordBody, UpdateAccountProfileBody, VerifyEmailBody } from '../generated/react-query/model';
import { identityErrors } from '../services/identity/errors';
import { refuse, ruled } from './problem';
import { decideRename } from '../services/identity/decide';
import { currentUser, type ScenarioState } from './scenarios';

export function accountHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const account = (userId: string | undefined) => opts.state().accounts.find((a) => a.user.id === userId);
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(identityErrors.unauthenticated());
    return account(user.id)!;
  };
  return [
    getGetAuthSettingsMockHandler({ mail_configured: true, min_password_length: 8, providers: [] }),
    getSendVerificationEmailMockHandler(() => {
      if (signedIn().user.email_verified) refuse(identityErrors.alreadyVerified());
    }),
    getVerifyEmailMockHandler(async ({ request }) => {
      const { token } = (await request.json()) as VerifyEmailBody;
      const found = token.startsWith('mock-verify:') ? account(token.slice('mock-verify:'.length)) : undefined;
      if (!found) refuse(identityErrors.invalidToken());
      const before = found.user.email_verified;
      found.user.email_verified = true;
      opts.changed();
      return { status: before ? 'already_verified' : 'verified', email: found.user.email };
    }),
    // No identity provider is configured in the mocks: the sign-in screen shows no provider buttons.
    getSignInSocialMockHandler(() => refuse(identityErrors.providerNotConfigured())),
    getRequestPasswordResetMockHandler(),
    getResetPasswordMockHandler(async ({ request }) => {
      const body = (await request.json()) as ResetPasswordBody;
      const found = body.token.startsWith('mock-reset:') ? account(body.token.slice('mock-reset:'.length)) : undefined;
      if (!found) refuse(identityErrors.invalidToken());
      found.password = body.new_password;
      opts.state().signedInId = null;
      opts.changed();
    }),
    getUpdateAccountProfileMockHandler(async ({ request }) => {
      const me = signedIn();
      const { name } = (await request.json()) as UpdateAccountProfileBody;
      // The server's rule (trimmed, never blank).
      const renamed = ruled(() => decideRename({ registered: true, name: me.user.name }, { userId: me.user.id, name, now: new Date() }));
      me.user.name = renamed[0]?.data.name ?? me.user.name;
      opts.changed();
      return me.user;
    }),
    // One device: this browser.
    getListAccountSessionsMockHandler(() => {
      const me = signedIn();
      const at = new Date().toISOString();
      return { sessions: [{ id: `session-${me.user.id}`, device: 'This browser', ip_address: null, created_at: at, last_seen_at: at, current: true }] };
    }),
    getRevokeAccountSessionMockHandler(({ params }) => {
      const me = signedIn();
      if (params.sessionId !== `session-${me.user.id}`) refuse(identityErrors.sessionNotFound());
      opts.state().signedInId = null;
      opts.changed();
    }),
    getSignOutOtherSessionsMockHandler(() => {
      signedIn();
    }),
    getChangePasswordMockHandler(async ({ request }) => {
      const body = (await request.json()) as ChangePasswordBody;
      const me = signedIn();
      if (me.password !== body.current_password) refuse(identityErrors.wrongPassword());
      me.password = body.new_password;
      opts.changed();
    }),
  ];
}
