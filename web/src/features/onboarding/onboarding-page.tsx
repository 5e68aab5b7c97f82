// /onboarding: a new account's first steps (onboarding-flow.tsx); signed out, it asks to sign up
// first. Finished or left, it goes home.
import { useNavigate } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { Sparkles } from '../../ui/icons';
import { PageMessage } from '../../ui/page-message';
import { OnboardingFlow } from './onboarding-flow';

export default function OnboardingPage() {
  const { user, isLoading } = useSession();
  const { open } = useModals();
  const navigate = useNavigate();
  if (isLoading) return null;
  if (!user)
    return (
      <PageMessage
        icon={<Sparkles className="size-6" />}
        title="Set up your account"
        text="Sign up or sign in first; then choose your name, how answers should be, and where your own sources come from."
        action={
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'onboarding' })}>
            Sign up or sign in
          </button>
        }
      />
    );
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Set up your account</h1>
      <OnboardingFlow user={user} done={() => navigate('/')} />
    </div>
  );
}
