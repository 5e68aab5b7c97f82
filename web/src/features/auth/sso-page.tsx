// `/auth/sso`: signing in through one's organisation. The person types their work address; when
// its domain's organisation has single sign-on set up, the browser goes to that organisation's
// identity provider, which sends it back signed in.
import { type FormEvent, useState } from 'react';
import { useSignInSso } from '../../../../generated/react-query/auth/auth';
import type { SignInSso200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from './form-parts';
import { PageCard } from './page-card';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SsoPage() {
  const [invalid, setInvalid] = useState<string | null>(null);
  const start = useSignInSso({ mutation: { onSuccess: (r) => window.location.assign((r.data as SignInSso200).url) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!EMAIL.test(email)) return setInvalid('Give your work email address, like name@example.com.');
    setInvalid(null);
    start.mutate({ data: { email, callback_path: '/' } });
  };
  return (
    <PageCard title="Sign in with SSO">
      <form onSubmit={submit} className="space-y-3" aria-label="Sign in with SSO" noValidate>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Your organisation’s identity provider signs you in. Type your work email.</p>
        <Field label="Work email" name="email" type="email" autoComplete="email" maxLength={254} />
        {invalid && <FormError>{invalid}</FormError>}
        {start.isError && <FormError>{problemMessage(start.error)}</FormError>}
        <button type="submit" className="btn-primary w-full" disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? 'Going to your organisation…' : 'Continue'}
        </button>
      </form>
    </PageCard>
  );
}
