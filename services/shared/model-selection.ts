// Whether a person may choose the model that answers (per question and as their default): the
// plan capability `maxModelSelection` (seeds 002 and 003). A visitor has no plan and may not.
import type { Actor } from './actor.js';

export async function mayChooseModel(actor: Pick<Actor, 'user'>): Promise<boolean> {
  return (await actor.user())?.capabilities.maxModelSelection ?? false;
}
