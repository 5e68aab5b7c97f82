// The two forms of the login modal, on the generated auth mutations.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSignInEmail, useSignUpEmail } from '../../../../generated/react-query/auth/auth';
import type { SessionResponse, TwoFactorChallenge } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useAuthSettings } from './auth-settings';
import { Field, FormError } from './form-parts';
import { TwoFactorStep } from './two-factor-step';
import { reportSignUpLead } from '../attribution/report-lead';

const nameOf = (r: { data: unknown }) => (r.data as SessionResponse).user?.name ?? '';

/** `onForgot`: the person follows the link to reset their password (the modal closes). */
export function SignInForm({ onSignedIn, onForgot }: { onSignedIn: (name: string) => void; onForgot?: () => void }) {
  // After the password, an account with two-factor sign-in asks for a code before the session exists.
  const [secondStep, setSecondStep] = useState(false);
  const signIn = useSignInEmail({
    mutation: { onSuccess: (r) => ((r.data as TwoFactorChallenge).two_factor_required ? setSecondStep(true) : onSignedIn(nameOf(r))) },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    signIn.mutate({ data: { email: String(f.get('email')), password: String(f.get('password')) } });
  };
  if (secondStep)
    return (
      <TwoFactorStep
        onSignedIn={onSignedIn}
        onRestart={() => {
          signIn.reset();
          setSecondStep(false);
        }}
      />
    );
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Sign in">
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      {signIn.isError && <FormError>{problemMessage(signIn.error)}</FormError>}
      <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" onClick={onForgot} className="underline underline-offset-2">
          Forgot your password?
        </Link>
      </p>
      <p className="text-center text-sm">
        <Link to="/auth/sso" onClick={onForgot} className="underline underline-offset-2">
          Sign in with SSO
        </Link>
      </p>
    </form>
  );
}

/**
 * `onSignedUp` when the sign-up signed in (a server without mail). Otherwise the server said nothing
 * of the address (it may have had an account): the form says where the next step is.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (name: string) => void }) {
  const settings = useAuthSettings();
  const [notSignedIn, setNotSignedIn] = useState<string | null>(null);
  const signUp = useSignUpEmail({
    mutation: {
      onSuccess: (r, { data }) => {
        const user = (r.data as SessionResponse).user;
        if (!user) return setNotSignedIn(data.email);
        onSignedUp(user.name);
        void reportSignUpLead(user.id);
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setNotSignedIn(null);
    signUp.mutate({ data: { name: String(f.get('name')).trim(), email: String(f.get('email')), password: String(f.get('password')) } });
  };
  if (notSignedIn)
    return (
      <p role="status" className="text-sm">
        {settings && !settings.mail_configured ? notSignedInWithoutMail(notSignedIn) : signUpMailedText(notSignedIn)}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Create account">
      <Field label="Name" name="name" autoComplete="name" maxLength={100} />
      <Field label="Email" name="email" type="email" autoComplete="email" maxLength={254} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" minLength={8} maxLength={128} hint="At least 8 characters." />
      <MailNotice />
      {signUp.isError && <FormError>{problemMessage(signUp.error)}</FormError>}
      <button type="submit" className="btn-primary w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}

/** Where mail leaves: the same words for a new address (its link) and a taken one (its owner's note). */
export const signUpMailedText = (email: string) => `Check your inbox: we sent a mail to ${email} with a link to finish signing up.`;

/** Without mail, a sign-up that did not sign in was for an address that has an account. */
export const notSignedInWithoutMail = (email: string) =>
  `No new account was made for ${email}. If the address is yours, sign in instead. This server sends no mail, so for a forgotten password ask its administrator.`;

/** Without mail, what the line above every page will say too: signed in at once, verified by hand. */
export const NO_MAIL_SIGN_UP_NOTICE = 'This server sends no mail: your account is signed in at once, and its administrator verifies your address by hand.';

/** Said before sign-up on a server that sends no mail: no verification link will reach anyone. */
function MailNotice() {
  const settings = useAuthSettings();
  if (!settings || settings.mail_configured) return null;
  return <p className="text-xs text-neutral-500 dark:text-neutral-400">{NO_MAIL_SIGN_UP_NOTICE}</p>;
}
