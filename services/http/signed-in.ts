// The signed-in caller's id, for the handlers that need one; anyone else gets the domain's own
// refusal (each domain words it: `unauthenticated`, `login_required`).
import type { Actor } from '../shared/actor.js';
import type { DomainError } from '../shared/domain-error.js';

/** `const signedIn = signedInOr(taskErrors.unauthenticated);` then `const userId = await signedIn(actor);` */
export const signedInOr =
  (refusal: () => DomainError) =>
  async (actor: Actor): Promise<string> => {
    const id = await actor.userId();
    if (!id) throw refusal();
    return id;
  };
