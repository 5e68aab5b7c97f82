// Where a person enters an invite code (seed 002 §7): the status call (no body, 1 retry) says
// whether they have access; a code is checked first (dry_run), then claimed (2 retries), with the
// download links mailed when they ask. Failed calls are only logged, as the seed says; the form
// then says only that the code was not accepted.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { browserInviteStatus, claimBrowserInvite } from '../../../../generated/react-query/browser/browser';
import type { BrowserInviteClaim, BrowserInviteStatus } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { BROWSER_TEXT, INVITE_CLAIM_RETRIES, INVITE_STATUS_RETRIES, INVITE_TIMEOUT_MS } from './browser-texts';

const STATUS_KEY = ['browser-invite-status'] as const;

/** Retries what may pass on a second try (no answer, or a server error), never a refusal. */
const retriable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

async function withRetries<T>(retries: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(AbortSignal.timeout(INVITE_TIMEOUT_MS));
    } catch (error) {
      if (attempt >= retries || !retriable(error)) throw error;
    }
  }
}

export function InviteClaim() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => (await withRetries(INVITE_STATUS_RETRIES, (signal) => browserInviteStatus({ signal }))).data as BrowserInviteStatus,
    retry: false,
  });
  const [code, setCode] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [checked, setChecked] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status.isError) console.error('invite status failed', status.error);
  }, [status.isError, status.error]);
  if (status.isPending) return null;
  if (status.data?.has_access && status.data.claimed_code) return <p role="status">{BROWSER_TEXT.hasAccess(status.data.claimed_code)}</p>;

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      const body = { code: code.trim(), dry_run: dryRun, send_email: !dryRun && sendEmail };
      const claim = (await withRetries(INVITE_CLAIM_RETRIES, (signal) => claimBrowserInvite(body, { signal }))).data as BrowserInviteClaim;
      if (claim.status === 'valid') {
        setChecked(claim.code);
        setResult(BROWSER_TEXT.codeValid);
      } else {
        setResult(claim.email_sent ? `${BROWSER_TEXT.claimed} ${BROWSER_TEXT.mailed}` : BROWSER_TEXT.claimed);
        await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
      }
    } catch (error) {
      console.error('invite claim failed', error);
      setChecked(null);
      setResult(BROWSER_TEXT.codeNotAccepted);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(checked === null || checked !== code.trim().toUpperCase());
  };
  const ready = checked !== null && checked === code.trim().toUpperCase();

  return (
    <form onSubmit={submit} aria-label="Invite code" className="space-y-3">
      <label className="flex flex-col gap-1">
        <span className="label">Invite code</span>
        <input
          name="code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          pattern="\s*[A-Za-z0-9\-]{4,64}\s*"
          maxLength={70}
          autoComplete="off"
          className="field"
        />
      </label>
      {ready && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} /> Email me the download links
        </label>
      )}
      {result && <p role="status">{result}</p>}
      <button type="submit" className="btn-primary" disabled={busy || !code.trim()}>
        {ready ? 'Claim invite' : 'Check code'}
      </button>
    </form>
  );
}
