// The Spaces domain's errors that use cases throw (decide.ts throws its rules' own): each a
// stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const LOGIN_REQUIRED = 'Sign in to use Spaces.';

export const spaceErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', LOGIN_REQUIRED),
  /** The list of bookmarks (no Space named) is only for someone signed in. */
  bookmarksLoginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to see your bookmarks.'),
  /** Unknown, or not readable by the caller: the same answer, so a Space's existence is not revealed. */
  notFound: () => new DomainError('not_found', 'collection_not_found', 'No such Space.'),
  unknownTemplate: (id: string) => new DomainError('invalid', 'unknown_template', `There is no template "${id}".`),
  notSpaceOwner: () => new DomainError('forbidden', 'not_space_owner', 'Only the owner of this Space can delete it.'),
  notThreadOwner: () => new DomainError('forbidden', 'not_thread_owner', 'Only the owner of this thread can add it to a Space.'),
  notWriterToAddThreads: () => new DomainError('forbidden', 'not_space_writer', 'Only writers of this Space can add threads to it.'),
  invalidLink: (detail: string) => new DomainError('invalid', 'invalid_link', detail),
  /** A link whose page could not be fetched or read: `invalid_link` is the caller's, others the page's. */
  linkNotFetched: (code: string, detail: string) => new DomainError(code === 'invalid_link' ? 'invalid' : 'unprocessable', code, detail),
};
