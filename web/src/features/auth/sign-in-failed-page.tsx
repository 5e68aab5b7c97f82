// `/auth/error?error=<code>`: where a sign-in with an identity provider that did not work ends,
// saying why in words a person can act on.
import { useSearchParams } from 'react-router';
import { PageCard } from './page-card';

const REASONS: Record<string, string> = {
  account_not_linked:
    'An account with this email address already exists, and it was not joined to this sign-in because the address is not verified on both sides. Sign in with your email and password, and verify your address.',
  unable_to_link_account:
    'An account with this email address already exists, and it was not joined to this sign-in because the address is not verified on both sides. Sign in with your email and password, and verify your address.',
  email_not_found: 'The provider did not share your email address, which an account needs. Allow it at the provider and try again.',
  sign_up_failed: 'Your account could not be created. Please try again.',
  access_denied: 'Signing in was cancelled at the provider.',
  please_restart_the_process: 'Signing in took too long or was started in another browser. Please start again.',
  state_mismatch: 'Signing in took too long or was started in another browser. Please start again.',
  // Organisation single sign-on (/auth/sso).
  sso_state_mismatch: 'Signing in took too long or was started in another browser. Please start again from Sign in with SSO.',
  sso_email_unverified: 'Your organisation’s provider has not verified your email address, so it cannot sign you in here. Ask your administrator.',
  sso_wrong_domain: 'Your organisation’s provider signed you in with an address outside your organisation’s domain. Sign in there with your work account.',
  sso_not_configured: 'Single sign-on is no longer set up for your organisation. Sign in another way, or ask your administrator.',
  sso_sign_in_failed: 'Signing in with your organisation did not complete. Please try again.',
};
const DEFAULT_REASON = 'Signing in with that provider did not work. Please try again.';

export default function SignInFailedPage() {
  const [params] = useSearchParams();
  const code = params.get('error') ?? '';
  return (
    <PageCard title="Sign-in failed">
      <p role="alert">{REASONS[code] ?? DEFAULT_REASON}</p>
      <a href="/" className="btn-secondary self-start">
        Back to the start
      </a>
    </PageCard>
  );
}
