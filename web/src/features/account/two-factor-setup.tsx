// Setting up an authenticator app: its QR code (and the key to type in when scanning is not
// possible), the backup codes, and the first code that turns two-factor sign-in on.
import { QRCodeSVG } from 'qrcode.react';
import type { FormEvent } from 'react';
import { useConfirmTwoFactor } from '../../../../generated/react-query/two-factor/two-factor';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from '../auth/form-parts';
import { BackupCodes } from './backup-codes';

/** The base32 key inside the otpauth URI, in groups of four as apps show it. */
const keyOf = (totpUri: string) => (new URL(totpUri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorSetup({ totpUri, backupCodes, onDone }: { totpUri: string; backupCodes: string[]; onDone: () => void }) {
  const confirm = useConfirmTwoFactor({ mutation: { onSuccess: onDone } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    confirm.mutate({ data: { code: String(new FormData(e.currentTarget).get('code')).replace(/\s+/g, '') } });
  };
  return (
    <div className="space-y-4">
      <p className="text-sm">Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Aegis).</p>
      <div className="inline-block rounded-xl bg-white p-3">
        <QRCodeSVG value={totpUri} size={176} title="QR code for your authenticator app" />
      </div>
      <label className="block text-sm">
        Can’t scan it? Enter this setup key in the app instead:
        <input readOnly value={keyOf(totpUri)} aria-label="Setup key" className="field mt-1 font-mono" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <BackupCodes codes={backupCodes} />
      <form onSubmit={submit} className="space-y-3" aria-label="Confirm two-factor authentication">
        <Field
          label="Code from your authenticator app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          hint="The six digits the app shows now: two-factor authentication is on once this code is right."
        />
        {confirm.isError && <FormError>{problemMessage(confirm.error)}</FormError>}
        <button type="submit" className="btn-primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking…' : 'Turn on'}
        </button>
      </form>
    </div>
  );
}
