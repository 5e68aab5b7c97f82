// "Two-factor authentication" on /account/details: turn it on with an authenticator app, renew
// the backup codes or turn it off (each with the current password).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  getGetTwoFactorStatusQueryKey,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useGetTwoFactorStatus,
  useRegenerateBackupCodes,
} from '../../../../generated/react-query/two-factor/two-factor';
import type { BackupCodes as Codes, EnableTwoFactor200, GetTwoFactorStatus200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { Field, FormError } from '../auth/form-parts';
import { BackupCodes } from './backup-codes';
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useGetTwoFactorStatus({ query: { select: (r) => r.data as GetTwoFactorStatus200 } });
  const [setup, setSetup] = useState<EnableTwoFactor200 | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: getGetTwoFactorStatusQueryKey() }), queryClient.invalidateQueries({ queryKey: sessionQueryKey() })]);
  const enable = useEnableTwoFactor({ mutation: { onSuccess: (r) => setSetup(r.data as EnableTwoFactor200) } });
  const disable = useDisableTwoFactor({
    mutation: {
      onSuccess: () => {
        setNewCodes(null);
        return refresh();
      },
    },
  });
  const regenerate = useRegenerateBackupCodes({ mutation: { onSuccess: (r) => setNewCodes((r.data as Codes).backup_codes) } });

  if (status.isPending) return <p aria-live="polite">Loading…</p>;
  if (status.isError) return <p role="alert">{problemMessage(status.error)}</p>;

  if (setup && !status.data.enabled)
    return (
      <TwoFactorSetup
        totpUri={setup.totp_uri}
        backupCodes={setup.backup_codes}
        onDone={async () => {
          await refresh();
          setSetup(null);
        }}
      />
    );

  const passwordOf = (e: FormEvent<HTMLFormElement>) => String(new FormData(e.currentTarget).get('password'));
  if (!status.data.enabled)
    return (
      <form
        aria-label="Turn on two-factor authentication"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          enable.mutate({ data: { password: passwordOf(e) } });
        }}
      >
        <p className="text-sm">Off. With it on, signing in asks for a code from an authenticator app on your phone after your password.</p>
        <Field label="Current password" name="password" type="password" autoComplete="current-password" maxLength={128} />
        {enable.isError && <FormError>{problemMessage(enable.error)}</FormError>}
        <button type="submit" className="btn-primary" disabled={enable.isPending}>
          {enable.isPending ? 'Setting up…' : 'Set up two-factor authentication'}
        </button>
      </form>
    );

  const failed = disable.error ?? regenerate.error;
  return (
    <form
      aria-label="Manage two-factor authentication"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const action = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
        const password = passwordOf(e);
        disable.reset();
        regenerate.reset();
        if (action === 'disable') disable.mutate({ data: { password } });
        else regenerate.mutate({ data: { password } });
      }}
    >
      <p className="text-sm" role="status">
        On: signing in asks for a code from your authenticator app.
      </p>
      {newCodes && <BackupCodes codes={newCodes} />}
      <Field label="Current password" name="password" type="password" autoComplete="current-password" maxLength={128} />
      {failed && <FormError>{problemMessage(failed)}</FormError>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" value="regenerate" className="btn-secondary" disabled={regenerate.isPending || disable.isPending}>
          New backup codes
        </button>
        <button type="submit" value="disable" className="btn-secondary" disabled={regenerate.isPending || disable.isPending}>
          Turn off
        </button>
      </div>
    </form>
  );
}
