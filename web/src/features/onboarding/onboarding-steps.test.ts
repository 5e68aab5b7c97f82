import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextStep, ONBOARDING_STEPS, previousStep, stepLabel } from './onboarding-steps';

describe('the onboarding walk', () => {
  it('goes name → answers → sources and back, ending at both ends', () => {
    expect(nextStep('name')).toBe('answers');
    expect(nextStep('answers')).toBe('sources');
    expect(nextStep('sources')).toBeNull();
    expect(previousStep('name')).toBeNull();
    expect(stepLabel('answers')).toBe('Step 2 of 3');
  });

  it('next then previous comes back to the same step', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ONBOARDING_STEPS), (step) => {
        const next = nextStep(step);
        if (next) expect(previousStep(next)).toBe(step);
        const prev = previousStep(step);
        if (prev) expect(nextStep(prev)).toBe(step);
      }),
    );
  });
});
