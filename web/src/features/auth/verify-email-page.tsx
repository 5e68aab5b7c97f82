// `/verify-email?token=…`, the link of the verification mail (or of an address change): posts the
// token (opening the link alone, as a mail scanner does, changes nothing) and says how it went.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../../../../generated/react-query/auth/auth';
import type { SessionResponse, VerifyEmail200 } from '../../../../generated/react-query/model';
import { reportSignUpLead } from '../attribution/report-lead';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { FormError } from './form-parts';
import { PageCard } from './page-card';
import { ResendVerification } from './resend-verification';
import { useAuthSettings } from './auth-settings';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const settings = useAuthSettings();
  const verify = useVerifyEmail({
    mutation: {
      onSuccess: async (r) => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
        // Where mail leaves, the sign-up finishes here (the link signed in): its Dub lead is reported now.
        const user = queryClient.getQueryData<{ data?: SessionResponse }>(sessionQueryKey())?.data?.user;
        if ((r.data as VerifyEmail200).status === 'verified' && user && settings?.mail_configured) void reportSignUpLead(user.id);
      },
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once, also under React's double effects in development.
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate({ data: { token } });
    }
  }, [token, verify]);

  const result = verify.data?.data as VerifyEmail200 | undefined;
  return (
    <PageCard title="Verify your email">
      {!token && <FormError>This address has no verification token. Open the link from the mail as it is.</FormError>}
      {verify.isPending && <p aria-live="polite">Verifying…</p>}
      {result && <p role="status">{resultText(result)}</p>}
      {verify.isError && (
        <>
          <FormError>{problemMessage(verify.error)}</FormError>
          <ResendVerification />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {result && result.status !== 'email_changed' && (
          <Link to="/onboarding" className="btn-primary">
            Set up your account
          </Link>
        )}
        <Link to="/" className="btn-secondary">
          Go to home
        </Link>
      </div>
    </PageCard>
  );
}

function resultText(result: VerifyEmail200) {
  if (result.status === 'email_changed') return `Your account's address is now ${result.email}.`;
  return result.status === 'verified' ? `${result.email} is verified. Thank you!` : `${result.email} was already verified.`;
}
