// The onboarding modal (seed 000's "onboarding"): the same first steps as /onboarding, in place.
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { OnboardingFlow } from './onboarding-flow';

export default function OnboardingModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Welcome</ModalTitle>
      {user ? <OnboardingFlow user={user} done={close} /> : <SignInFirst what="set up your account" close={close} />}
    </div>
  );
}
