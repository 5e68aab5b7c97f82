// The attribution domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const attributionErrors = {
  notYourUserId: () => new DomainError('forbidden', 'not_your_user_id', 'A lead can only be reported for your own account.'),
};
