// The two forms of the login modal, on the generated auth mutations.
import { useId, type FormEvent, type ReactNode } from 'react';
import { useSignInEmail, useSignUpEmail } from '../../../../generated/react-query/auth/auth';
import type { SessionResponse } from '../../../../generated/react-query/model';
import { problemMessage } from '../../app/problem';

const nameOf = (r: { data: unknown }) => (r.data as SessionResponse).user?.name ?? '';

export function SignInForm({ onSignedIn }: { onSignedIn: (name: string) => void }) {
  const signIn = useSignInEmail({ mutation: { onSuccess: (r) => onSignedIn(nameOf(r)) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    signIn.mutate({ data: { email: String(f.get('email')), password: String(f.get('password')) } });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Sign in">
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      {signIn.isError && <FormError>{problemMessage(signIn.error)}</FormError>}
      <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

export function SignUpForm({ onSignedUp }: { onSignedUp: (name: string) => void }) {
  const signUp = useSignUpEmail({ mutation: { onSuccess: (r) => onSignedUp(nameOf(r)) } });
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
      {signUp.isError && <FormError>{problemMessage(signUp.error)}</FormError>}
      <button type="submit" className="btn-primary w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}

type FieldProps = { label: string; name: string; type?: string; autoComplete: string; minLength?: number; maxLength?: number; hint?: string };

function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} required className="field" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
      {children}
    </p>
  );
}
