// The second step of signing in to an account with two-factor sign-in: the six digits the
// authenticator app shows, or one of the backup codes (each works once).
import { useState, type FormEvent } from 'react';
import { useVerifyTwoFactor } from '../../../../generated/react-query/two-factor/two-factor';
import type { SessionResponse } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from './form-parts';

export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: (name: string) => void; onRestart: () => void }) {
  const [kind, setKind] = useState<'totp' | 'backup_code'>('totp');
  const verify = useVerifyTwoFactor({ mutation: { onSuccess: (r) => onSignedIn((r.data as SessionResponse).user?.name ?? '') } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    verify.mutate({ data: { code: String(new FormData(e.currentTarget).get('code')).trim(), kind } });
  };
  const expired = verify.error instanceof ApiError && ['two_factor_challenge_expired', 'too_many_two_factor_attempts'].includes(String(verify.error.code));
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Two-factor code">
      {kind === 'totp' ? (
        <Field
          key="totp"
          label="Code from your authenticator app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          hint="Open your authenticator app and enter the six digits it shows for this account."
        />
      ) : (
        <Field key="backup" label="Backup code" name="code" autoComplete="off" maxLength={32} hint="Each backup code works once." />
      )}
      {verify.isError && <FormError>{problemMessage(verify.error)}</FormError>}
      <button type="submit" className="btn-primary w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify'}
      </button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="underline underline-offset-2"
          onClick={() => {
            verify.reset();
            setKind(kind === 'totp' ? 'backup_code' : 'totp');
          }}
        >
          {kind === 'totp' ? 'Use a backup code instead' : 'Use the authenticator app instead'}
        </button>
        {expired && (
          <button type="button" className="underline underline-offset-2" onClick={onRestart}>
            Sign in again
          </button>
        )}
      </div>
    </form>
  );
}
