// The two forms of the login modal, on the generated auth mutations.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSignInEmail, useSignUpEmail } from '../../../../generated/react-query/auth/auth';
import type { SessionResponse, TwoFactorChallenge } from '../../../../generated/react-query/model';
import { problemMessage } from '../../app/problem';
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

export function SignUpForm({ onSignedUp }: { onSignedUp: (name: string) => void }) {
  const signUp = useSignUpEmail({
    mutation: {
      onSuccess: (r) => {
        onSignedUp(nameOf(r));
        void reportSignUpLead((r.data as SessionResponse).user?.id);
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    signUp.mutate({ data: { name: String(f.get('name')).trim(), email: String(f.get('email')), password: String(f.get('password')) } });
  };
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

/** Said before sign-up on a server that sends no mail: the verification link will not arrive. */
function MailNotice() {
  const settings = useAuthSettings();
  if (!settings || settings.mail_configured) return null;
  return (
    <p className="text-xs text-neutral-500 dark:text-neutral-400">
      This server sends no mail, so no verification link will reach you: its administrator verifies new accounts by hand.
    </p>
  );
}
