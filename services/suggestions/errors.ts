// The ask box suggestions' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const suggestionErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to see suggestions from your threads.'),
};
