// The account's name, address, password and devices in the mock API, with the server's codes and texts
// (services/identity/errors.ts). The mock "mails" nothing: its links' tokens name the account
// (`mock-verify:<user id>`, `mock-reset:<user id>`, `mock-change-email:<user id>`), so a scripted test can follow them.
import {
  getChangeEmailMockHandler,
  getChangePasswordMockHandler,
  getGetAuthSettingsMockHandler,
  getGetPasswordStatusMockHandler,
  getRequestPasswordResetMockHandler,
  getResetPasswordMockHandler,
  getSendVerificationEmailMockHandler,
  getSetPasswordMockHandler,
  getSignInSocialMockHandler,
  getVerifyEmailMockHandler,
} from '../generated/msw/auth/auth.msw';
import {
  getListAccountSessionsMockHandler,
  getRevokeAccountSessionMockHandler,
  getSignOutOtherSessionsMockHandler,
  getRemoveAccountAvatarMockHandler,
  getSetAccountAvatarMockHandler,
  getSetAccountUsernameMockHandler,
  getUpdateAccountProfileMockHandler,
} from '../generated/msw/account/account.msw';
import {
  getEnterVerificationCodeMockHandler,
  getMakeResetLinkAsAdminMockHandler,
  getRequestVerificationCodeMockHandler,
} from '../generated/msw/admin/admin.msw';
import { getListOutboxMailMockHandler, getListOutboxMailResponseMock } from '../generated/msw/mail/mail.msw';
import type {
  MakeResetLinkAsAdminBody,
  SetAccountUsernameBody,
  ChangeEmailBody,
  ChangePasswordBody,
  ResetPasswordBody,
  SetPasswordRequest,
  UpdateAccountProfileBody,
  VerifyEmailBody,
} from '../generated/react-query/model';
import { decideRename, decideUsername, identityErrors } from '../services/identity/pure';
import { refuse, ruled } from './problem';
import { currentUser, findAccount, type ScenarioState } from './scenarios';

export function accountHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const account = (userId: string | undefined) => opts.state().accounts.find((a) => a.user.id === userId);
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(identityErrors.unauthenticated());
    return account(user.id)!;
  };
  /** The mocks send mail (mail_configured): no address proves itself with a code from a server log. */
  const noCodes = () => {
    if (signedIn().user.email_verified) refuse(identityErrors.alreadyVerified());
    refuse(identityErrors.verificationCodeUnavailable());
  };
  return [
    getGetAuthSettingsMockHandler({ mail_configured: true, min_password_length: 8, providers: [] }),
    getListOutboxMailMockHandler(() => {
      signedIn();
      return getListOutboxMailResponseMock({ verify_by_code: false });
    }),
    getRequestVerificationCodeMockHandler(noCodes),
    getEnterVerificationCodeMockHandler(() => noCodes() as never),
    // As the server's: the reset link of the account (its token, as the mock's mailed ones, names the account).
    getMakeResetLinkAsAdminMockHandler(async ({ request }) => {
      if (!signedIn().user.is_admin) refuse(identityErrors.notAdministrator());
      const { email } = (await request.json()) as MakeResetLinkAsAdminBody;
      const found = findAccount(opts.state(), email);
      if (!found) refuse(identityErrors.accountNotFound());
      const url = `${new URL(request.url).origin}/reset-password?token=${encodeURIComponent(`mock-reset:${found.user.id}`)}`;
      return { email: found.user.email, url, expires_at: new Date(Date.now() + 3_600_000).toISOString() };
    }),
    getSendVerificationEmailMockHandler(() => {
      if (signedIn().user.email_verified) refuse(identityErrors.alreadyVerified());
    }),
    getVerifyEmailMockHandler(async ({ request }) => {
      const { token } = (await request.json()) as VerifyEmailBody;
      const changing = token.startsWith('mock-change-email:') ? account(token.slice('mock-change-email:'.length)) : undefined;
      if (changing) {
        if (!changing.pending_email) refuse(identityErrors.invalidToken());
        changing.user.email = changing.pending_email;
        changing.user.email_verified = true;
        delete changing.pending_email;
        opts.changed();
        return { status: 'email_changed', email: changing.user.email };
      }
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
      const renamed = ruled(() => decideRename({ registered: true, name: me.user.name, email: me.user.email }, { userId: me.user.id, name, now: new Date() }));
      me.user.name = renamed[0]?.data.name ?? me.user.name;
      opts.changed();
      return me.user;
    }),
    getSetAccountUsernameMockHandler(async ({ request }) => {
      const me = signedIn();
      const { username } = (await request.json()) as SetAccountUsernameBody;
      // The server's rules: its shape, and unique across accounts.
      const [chosen] = ruled(() =>
        decideUsername(
          { registered: true, name: me.user.name, email: me.user.email, username: me.user.username ?? undefined },
          { userId: me.user.id, username, now: new Date() },
        ),
      );
      if (chosen && opts.state().accounts.some((a) => a !== me && a.user.username === chosen.data.username)) refuse(identityErrors.usernameTaken());
      if (chosen) me.user.username = chosen.data.username;
      opts.changed();
      return me.user;
    }),
    // The mock keeps no bytes: any uploaded image's address is taken, and shown from the address itself.
    getSetAccountAvatarMockHandler(async ({ request }) => {
      const me = signedIn();
      me.user.image = ((await request.json()) as { image_url: string }).image_url;
      opts.changed();
      return me.user;
    }),
    getRemoveAccountAvatarMockHandler(() => {
      const me = signedIn();
      me.user.image = null;
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
    getChangeEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as ChangeEmailBody;
      const me = signedIn();
      const newEmail = body.new_email.trim().toLowerCase();
      if (newEmail === me.user.email.toLowerCase()) refuse(identityErrors.sameEmail());
      if (me.password !== body.current_password) refuse(identityErrors.wrongPassword());
      // As the server: an address that has an account gets no link, and the asker is told the same.
      if (!findAccount(opts.state(), newEmail)) me.pending_email = newEmail;
      opts.changed();
      return { status: 'verification_sent', new_email: newEmail };
    }),
    // An account made by a provider's sign-in has no password: '' here.
    getGetPasswordStatusMockHandler(() => ({ has_password: signedIn().password !== '' })),
    getSetPasswordMockHandler(async ({ request }) => {
      const body = (await request.json()) as SetPasswordRequest;
      const me = signedIn();
      if (me.password !== '') refuse(identityErrors.passwordAlreadySet());
      me.password = body.new_password;
      opts.changed();
    }),
    getChangePasswordMockHandler(async ({ request }) => {
      const body = (await request.json()) as ChangePasswordBody;
      const me = signedIn();
      if (me.password === '') refuse(identityErrors.noPassword());
      if (me.password !== body.current_password) refuse(identityErrors.wrongPassword());
      me.password = body.new_password;
      opts.changed();
    }),
  ];
}
