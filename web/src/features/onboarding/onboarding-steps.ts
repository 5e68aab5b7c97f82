// The onboarding's steps, in order, and how one moves between them: a pure walk the page and the
// modal share, so both go the same way and the tests check it without a DOM.
export const ONBOARDING_STEPS = ['name', 'answers', 'sources'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_TITLE: Record<OnboardingStep, string> = {
  name: 'What should we call you?',
  answers: 'How should answers be?',
  sources: 'Bring your own sources',
};

/** The step after `step`, or null at the end. */
export function nextStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null at the start. */
export function previousStep(step: OnboardingStep): OnboardingStep | null {
  const i = ONBOARDING_STEPS.indexOf(step);
  return i > 0 ? ONBOARDING_STEPS[i - 1] : null;
}

/** "Step 2 of 3". */
export const stepLabel = (step: OnboardingStep) => `Step ${ONBOARDING_STEPS.indexOf(step) + 1} of ${ONBOARDING_STEPS.length}`;
