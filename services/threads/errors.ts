// The threads domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const threadErrors = {
  threadNotFound: () => new DomainError('not_found', 'thread_not_found', 'No such thread.'),
  /** Seed text: what someone who may not read a thread is told. */
  threadPrivate: () => new DomainError('forbidden', 'thread_private', 'This answer is private'),
  entryNotFound: () => new DomainError('not_found', 'entry_not_found', 'No such answer.'),
  entryNotFinished: () => new DomainError('conflict', 'entry_not_finished', 'This answer is still being written.'),
  requestNotFound: () => new DomainError('not_found', 'request_not_found', 'No such access request.'),
};
