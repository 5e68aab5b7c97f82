// The memories' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { MEMORY_COMMENT_MAX, MEMORY_CONTENT_MAX } from './limits.js';

export const memoryErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  // Another person's memory is answered exactly as a memory that does not exist.
  notFound: () => new DomainError('not_found', 'memory_not_found', 'This memory does not exist.'),
  contentRequired: () => new DomainError('invalid', 'memory_content_required', 'Write what to remember: it cannot be blank.'),
  contentTooLong: () => new DomainError('invalid', 'memory_content_too_long', `Keep a memory to ${MEMORY_CONTENT_MAX} characters or fewer.`),
  exists: () => new DomainError('conflict', 'memory_exists', 'This is remembered already.'),
  commentRequired: () => new DomainError('invalid', 'memory_feedback_comment_required', 'Write a comment to send it.'),
  commentTooLong: () => new DomainError('invalid', 'memory_feedback_comment_too_long', `Keep a comment to ${MEMORY_COMMENT_MAX} characters or fewer.`),
  invalidFeedback: () => new DomainError('invalid', 'invalid_memory_feedback', 'Choose helpful or not helpful.'),
};
