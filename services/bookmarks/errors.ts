// The bookmarks domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const bookmarkErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to bookmark answers.'),
  missingTarget: () => new DomainError('invalid', 'missing_target', 'Say where to add the thread: upsert_type "bookmark" or new_collection_uuid.'),
};
