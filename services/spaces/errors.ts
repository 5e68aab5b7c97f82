// The Spaces domain's errors, thrown by its rules (decide.ts) and use cases: each a stable code,
// a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const LOGIN_REQUIRED = 'Sign in to use Spaces.';

export const spaceErrors = {
  // The rules of decide.ts.
  notWriter: () => new DomainError('forbidden', 'not_space_writer', 'Only writers of this Space can change it.'),
  notAdmin: () => new DomainError('forbidden', 'not_space_admin', 'Only the owner or an admin of this Space can do that.'),
  titleRequired: () => new DomainError('invalid', 'title_required', 'Give the Space a title.'),
  titleTooLong: (max: number) => new DomainError('invalid', 'title_too_long', `The title is longer than ${max} characters.`),
  descriptionTooLong: (max: number) => new DomainError('invalid', 'description_too_long', `The description is longer than ${max} characters.`),
  instructionsTooLong: (max: number) => new DomainError('invalid', 'instructions_too_long', `The instructions are longer than ${max} characters.`),
  invalidEmoji: () => new DomainError('invalid', 'invalid_emoji', 'An emoji is its hex code points joined by "-", like 1f516.'),
  enterpriseOnly: () => new DomainError('forbidden', 'enterprise_only', 'Sharing a Space with an organisation needs an Enterprise account.'),
  spaceExists: () => new DomainError('conflict', 'space_exists', 'This Space already exists.'),
  alreadyOwner: () => new DomainError('conflict', 'already_owner', 'That is the owner of this Space.'),
  memberExists: () => new DomainError('conflict', 'member_exists', 'This member id is taken.'),
  noInvitation: () => new DomainError('not_found', 'no_invitation', 'There is no invitation to this Space for you.'),
  ownerStays: () => new DomainError('conflict', 'owner_stays', 'The owner of a Space stays its owner.'),
  memberNotFound: () => new DomainError('not_found', 'member_not_found', 'No such member of this Space.'),
  tooManyLinks: (max: number) => new DomainError('conflict', 'too_many_links', `A Space holds at most ${max} links.`),
  // The use cases.
  loginRequired: () => new DomainError('unauthenticated', 'login_required', LOGIN_REQUIRED),
  /** The list of bookmarks (no Space named) is only for someone signed in. */
  bookmarksLoginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to see your bookmarks.'),
  /** Unknown, or not readable by the caller: the same answer, so a Space's existence is not revealed. */
  notFound: () => new DomainError('not_found', 'collection_not_found', 'No such Space.'),
  emailNotVerified: () =>
    new DomainError('forbidden', 'email_not_verified', 'Verify your email address to accept this invitation: open the link we mailed you.'),
  unknownTemplate: (id: string) => new DomainError('invalid', 'unknown_template', `There is no template "${id}".`),
  notSpaceOwner: () => new DomainError('forbidden', 'not_space_owner', 'Only the owner of this Space can delete it.'),
  notWriterToAddThreads: () => new DomainError('forbidden', 'not_space_writer', 'Only writers of this Space can add threads to it.'),
  invalidLink: (detail: string) => new DomainError('invalid', 'invalid_link', detail),
  /** A link whose page could not be fetched or read: `invalid_link` is the caller's, others the page's. */
  linkNotFetched: (code: string, detail: string) => new DomainError(code === 'invalid_link' ? 'invalid' : 'unprocessable', code, detail),
};
