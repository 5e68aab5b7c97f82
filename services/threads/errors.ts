// The threads domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

/** What a rewrite the offline model would answer with the same words is told. */
export const REWRITE_UNCHANGED =
  "Rewriting gives the same answer with this server's model: the offline model answers a question with the same words each time. A language model (LLM_BASE_URL) can write a different one.";

export const LOGIN_REQUIRED = 'Sign in to change who can see this answer.';

export const threadErrors = {
  loginToShare: () => new DomainError('unauthenticated', 'login_required', LOGIN_REQUIRED),
  loginToRequestAccess: () => new DomainError('unauthenticated', 'login_required', 'Sign in to request access to this answer.'),
  enterpriseToShareWithOrg: () => new DomainError('forbidden', 'enterprise_only', 'Sharing with an organisation needs an Enterprise account.'),
  threadNotInSpace: () => new DomainError('conflict', 'thread_not_in_space', 'Add this thread to a Space before sharing it there.'),
  alreadyReadable: () => new DomainError('conflict', 'already_readable', 'You can already see this answer.'),
  requestAnswered: (status: string) => new DomainError('conflict', 'request_answered', `This request was already ${status}.`),
  unknownSource: (n: number | string) => new DomainError('invalid', 'unknown_source', `This answer has no source ${n}.`),
  threadNotFound: () => new DomainError('not_found', 'thread_not_found', 'No such thread.'),
  loginToLike: () => new DomainError('unauthenticated', 'login_required', 'Sign in to like this page.'),
  loginToFork: () => new DomainError('unauthenticated', 'login_required', 'Sign in to make your own copy of this thread.'),
  nothingToFork: () => new DomainError('conflict', 'nothing_to_fork', 'This thread has no finished answer to copy yet.'),
  /** Seed text: what someone who may not read a thread is told. */
  threadPrivate: () => new DomainError('forbidden', 'thread_private', 'This answer is private'),
  entryNotFound: () => new DomainError('not_found', 'entry_not_found', 'No such answer.'),
  entryNotFinished: () => new DomainError('conflict', 'entry_not_finished', 'This answer is still being written.'),
  requestNotFound: () => new DomainError('not_found', 'request_not_found', 'No such access request.'),
  // Asking (decide.ts).
  unknownModel: () => new DomainError('invalid', 'unknown_model', 'That model is not configured on this server. Choose one of the models listed.'),
  invalidFilterDomain: (entry: string) =>
    new DomainError(
      'invalid',
      'invalid_domain_filter',
      `"${entry.slice(0, 100)}" is not a domain. Write a domain like wikipedia.org, or -reddit.com to leave it out.`,
    ),
  tooManyFilterDomains: (max: number) => new DomainError('invalid', 'too_many_filter_domains', `A question can name at most ${max} domains.`),
  queryBlank: () => new DomainError('invalid', 'query_blank', 'Type a question first.'),
  queryTooLong: (max: number) => new DomainError('invalid', 'query_too_long', `A question can be at most ${max} characters.`),
  notOwnerToContinue: () => new DomainError('forbidden', 'thread_forbidden', 'Only the owner of this thread can continue it.'),
  notOwnerToStop: () => new DomainError('forbidden', 'thread_forbidden', 'Only the owner of this thread can stop its answer.'),
  researchUnavailable: () =>
    new DomainError(
      'unprocessable',
      'research_needs_model',
      'Research needs a configured language model, and this server has none. Ask for a quick answer instead.',
    ),
  rewriteUnchanged: () => new DomainError('conflict', 'rewrite_unchanged', REWRITE_UNCHANGED),
  entryExists: () => new DomainError('conflict', 'entry_exists', 'This question was already asked.'),
  threadExists: () => new DomainError('conflict', 'thread_exists', 'This thread already exists.'),
  // Renaming and deleting (manage-decide.ts).
  titleRequired: () => new DomainError('invalid', 'title_required', 'Give the thread a title.'),
  titleTooLong: (max: number) => new DomainError('invalid', 'title_too_long', `A title can be at most ${max} characters.`),
  titleInvalid: () => new DomainError('invalid', 'title_invalid', 'A title is one line of text.'),
  notOwnerTo: (action: string) => new DomainError('forbidden', 'not_thread_owner', `Only the owner of this thread can ${action}.`),
  // Spaces (space-decide.ts).
  notOwnerToAddToSpace: () => new DomainError('forbidden', 'not_thread_owner', 'Only the owner of this thread can add it to a Space.'),
  notOwnerToTakeOut: () => new DomainError('forbidden', 'not_thread_owner', 'Only the owner of this thread or of the Space can take it out.'),
};
