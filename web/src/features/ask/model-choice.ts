// What the ask box offers for the model that answers: a picker for a person whose plan lets them
// choose (maxModelSelection) where the server runs more than one model; for another signed-in
// person the plan's upsell (to the pricing page, where plans can be bought), or the picker
// locked with the reason; nothing for a visitor (no paywall for the signed-out, seed 002 §4).
import type { AssistantSettings, SessionUser } from '../../../../generated/react-query/model';

export type ModelChoiceOffer = 'none' | 'picker' | 'upsell' | 'locked';

/** Why the picker is locked, and what the upsell says. */
export const MODEL_CHOICE_NEEDS_MAX = 'Choosing the model that answers comes with the Max plan.';
export const MODEL_CHOICE_UPSELL = 'Choose the model with Max';

export function modelChoiceOffer(user: SessionUser | null, settings: AssistantSettings | undefined, billing: boolean): ModelChoiceOffer {
  if (!user || !settings || settings.models.length < 2) return 'none';
  if (settings.model_selection) return 'picker';
  // The paywall is not shown where nothing can be bought, nor to a government-origin profile.
  return billing && !user.isGovernmentRequestOrigin ? 'upsell' : 'locked';
}
