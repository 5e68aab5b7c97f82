// Two-factor sign-in in the mock API, by the server's rules and codes: the password to set up, turn
// off or renew backup codes; a first code from the app to turn it on; at sign-in, a code or a
// single-use backup code before the session exists. Codes are real TOTP codes (otpauth), so any
// authenticator app scanning the mock's QR code works with it.
import { HttpResponse } from 'msw';
import * as OTPAuth from 'otpauth';
import {
  getConfirmTwoFactorMockHandler,
  getDisableTwoFactorMockHandler,
  getEnableTwoFactorMockHandler,
  getGetTwoFactorStatusMockHandler,
  getRegenerateBackupCodesMockHandler,
  getVerifyTwoFactorMockHandler,
} from '../generated/msw/two-factor/two-factor.msw';
import type { TwoFactorChallenge, TwoFactorCode, TwoFactorPassword, VerifyTwoFactorBody } from '../generated/react-query/model';
import { identityErrors } from '../services/identity/pure';
import { refuse } from './problem';
import { currentUser, type MockAccount, type ScenarioState } from './scenarios';

const ISSUER = 'Answer Engine';

const totpOf = (account: MockAccount, secret: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label: account.user.email, secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
const codeIsRight = (account: MockAccount, code: string) => totpOf(account, account.twoFactor!.secret).validate({ token: code, window: 1 }) !== null;
const newBackupCodes = () =>
  Array.from({ length: 10 }, () => {
    const s = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[b % 62]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });

/** What sign-in answers for an account with two-factor on: the challenge (the state remembers whose). */
export function twoFactorChallenge(state: ScenarioState, account: MockAccount): Response | null {
  if (!account.twoFactor?.enabled) return null;
  state.signedInId = null;
  state.twoFactorPendingId = account.user.id;
  return HttpResponse.json({ two_factor_required: true, methods: ['totp', 'backup_code'] } satisfies TwoFactorChallenge, { status: 200 });
}

export function twoFactorHandlers(opts: { state: () => ScenarioState; changed: () => void; onSignedIn: (userId: string) => void }) {
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(identityErrors.unauthenticated());
    return opts.state().accounts.find((a) => a.user.id === user.id)!;
  };
  const withPassword = async (request: Request) => {
    const me = signedIn();
    const { password } = (await request.json()) as TwoFactorPassword;
    if (password !== me.password) refuse(identityErrors.wrongPassword());
    return me;
  };
  const enabled = (me: MockAccount) => {
    if (!me.twoFactor?.enabled) refuse(identityErrors.twoFactorNotEnabled());
    return me.twoFactor;
  };
  return [
    getGetTwoFactorStatusMockHandler(() => {
      const tf = signedIn().twoFactor;
      return { enabled: !!tf?.enabled, pending: !!tf && !tf.enabled };
    }),
    getEnableTwoFactorMockHandler(async ({ request }) => {
      const me = await withPassword(request);
      if (me.twoFactor?.enabled) refuse(identityErrors.twoFactorAlreadyEnabled());
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      me.twoFactor = { secret, enabled: false, backupCodes: newBackupCodes() };
      opts.changed();
      return { totp_uri: totpOf(me, secret).toString(), backup_codes: [...me.twoFactor.backupCodes] };
    }),
    getConfirmTwoFactorMockHandler(async ({ request }) => {
      const me = signedIn();
      const { code } = (await request.json()) as TwoFactorCode;
      if (me.twoFactor?.enabled) refuse(identityErrors.twoFactorAlreadyEnabled());
      if (!me.twoFactor) refuse(identityErrors.twoFactorNotStarted());
      if (!codeIsRight(me, code)) refuse(identityErrors.invalidTwoFactorCode('invalid'));
      me.twoFactor.enabled = true;
      opts.changed();
    }),
    getDisableTwoFactorMockHandler(async ({ request }) => {
      const me = signedIn();
      enabled(me);
      if ((((await request.json()) as TwoFactorPassword).password ?? '') !== me.password) refuse(identityErrors.wrongPassword());
      me.twoFactor = undefined;
      opts.changed();
    }),
    getRegenerateBackupCodesMockHandler(async ({ request }) => {
      const me = signedIn();
      const tf = enabled(me);
      if ((((await request.json()) as TwoFactorPassword).password ?? '') !== me.password) refuse(identityErrors.wrongPassword());
      tf.backupCodes = newBackupCodes();
      opts.changed();
      return { backup_codes: [...tf.backupCodes] };
    }),
    getVerifyTwoFactorMockHandler(async ({ request }) => {
      const state = opts.state();
      const body = (await request.json()) as VerifyTwoFactorBody;
      const account = state.signedInId ? undefined : state.accounts.find((a) => a.user.id === state.twoFactorPendingId);
      if (!account?.twoFactor?.enabled) refuse(identityErrors.twoFactorChallengeExpired());
      if (body.kind === 'backup_code') {
        const at = account.twoFactor.backupCodes.indexOf(body.code.trim());
        if (at < 0) refuse(identityErrors.invalidBackupCode());
        account.twoFactor.backupCodes.splice(at, 1);
      } else if (!codeIsRight(account, body.code.replace(/\s+/g, ''))) refuse(identityErrors.invalidTwoFactorCode('unauthenticated'));
      state.twoFactorPendingId = null;
      opts.onSignedIn(account.user.id);
      opts.changed();
      return { user: account.user, visitor_id: state.visitorId };
    }),
  ];
}
