// The download mail (seed 002 §7): input_email, partner_code and incentive (from the page's
// `partner_code` and `incentive` query parameters). A failure is only logged, as the seed says.
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSendBrowserDownloadEmail } from '../../../../generated/react-query/browser/browser';
import { BROWSER_TEXT } from './browser-texts';

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const codeParam = (v: string | null) => (v && CODE.test(v) ? v : null);

export function DownloadEmailForm({ defaultEmail }: { defaultEmail: string }) {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendBrowserDownloadEmail({
    mutation: { onError: (error) => console.error('download email failed', error) },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input_email = String(new FormData(e.currentTarget).get('email')).trim();
    setSentTo(null);
    send.mutate(
      { data: { input_email, partner_code: codeParam(params.get('partner_code')), incentive: codeParam(params.get('incentive')) } },
      { onSuccess: () => setSentTo(input_email) },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Email me the download link" className="space-y-3">
      <label className="flex flex-col gap-1">
        <span className="label">Email</span>
        <input name="email" type="email" required maxLength={254} defaultValue={defaultEmail} autoComplete="email" className="field" />
      </label>
      {sentTo && <p role="status">{BROWSER_TEXT.downloadMailSent(sentTo)}</p>}
      <button type="submit" className="btn-secondary" disabled={send.isPending}>
        Email me the download link
      </button>
    </form>
  );
}
