// The organisations domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const orgErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  /** Unknown, or the caller is not in it: the same answer, so an organisation's existence is not revealed. */
  notFound: () => new DomainError('not_found', 'organization_not_found', 'No such organisation.'),
  notAdmin: () => new DomainError('forbidden', 'not_org_admin', 'Only an owner or an admin of the organisation can do that.'),
  notOwner: () => new DomainError('forbidden', 'not_org_owner', 'Only an owner can make or unmake owners.'),
  lastOwner: () => new DomainError('conflict', 'last_owner', 'The organisation needs at least one owner: make someone else an owner first.'),
  lastOwnerMustHandOver: (orgName: string) =>
    new DomainError(
      'conflict',
      'last_owner_must_hand_over',
      `You are the last owner of ${orgName}. Make another member an owner (Organisation settings, Members) before you delete your account.`,
    ),
  memberNotFound: () => new DomainError('not_found', 'member_not_found', 'No such member of the organisation.'),
  invitationNotFound: () => new DomainError('not_found', 'invitation_not_found', 'There is no such invitation for you.'),
  invitationExpired: () => new DomainError('conflict', 'invitation_expired', 'This invitation has expired. Ask for a new one.'),
  alreadyMember: () => new DomainError('conflict', 'already_member', 'That person is already a member of the organisation.'),
  alreadyInvited: () => new DomainError('conflict', 'already_invited', 'That address has a pending invitation already: resend it instead.'),
  memberOfAnotherOrg: () => new DomainError('conflict', 'member_of_another_org', 'That address already belongs to another organisation.'),
  emailNotVerified: () =>
    new DomainError('forbidden', 'email_not_verified', 'Verify your email address to accept this invitation: open the link we mailed you.'),
  invalidEmail: () => new DomainError('invalid', 'invalid_email', 'Give a valid email address, like name@example.com.'),
  nameRequired: () => new DomainError('invalid', 'org_name_required', 'Give the organisation a name.'),
  nameTooLong: (max: number) => new DomainError('invalid', 'org_name_too_long', `The name is longer than ${max} characters.`),
  invalidLogo: () => new DomainError('invalid', 'invalid_logo_url', 'The logo must be an https:// image address.'),
  invalidDomain: (domain: string) => new DomainError('invalid', 'invalid_email_domain', `"${domain}" is not an email domain, like example.com.`),
  tooManyDomains: (max: number) => new DomainError('invalid', 'too_many_email_domains', `At most ${max} email domains.`),
  invalidThreadAccess: () =>
    new DomainError('invalid', 'invalid_thread_access', 'Choose who reads new threads: owner only, people you invite, the organisation, or anyone.'),
  slugTaken: () => new DomainError('conflict', 'slug_taken', 'That organisation name is taken. Choose another.'),
  publicDefaultNotAllowed: () =>
    new DomainError('conflict', 'public_sharing_not_allowed', 'Public sharing is off for this organisation, so threads cannot start public.'),
  unknownModel: (model: string) => new DomainError('invalid', 'unknown_model', `There is no model "${model}".`),
  unknownPerson: () => new DomainError('invalid', 'not_a_member', 'Access can be set only for members of the organisation.'),
  // Refusals other domains give when the organisation's policy says no.
  publicSharingNotAllowed: () => new DomainError('forbidden', 'public_sharing_not_allowed', 'Your organisation does not allow sharing threads publicly.'),
  spaceCreationNotAllowed: () => new DomainError('forbidden', 'space_creation_not_allowed', 'In your organisation only owners and admins can create Spaces.'),
  fileUploadsNotAllowed: () => new DomainError('forbidden', 'file_uploads_not_allowed', 'Your organisation does not allow you to upload files.'),
  fileDownloadsNotAllowed: () => new DomainError('forbidden', 'file_downloads_not_allowed', 'Your organisation does not allow you to download files.'),
  webSearchNotAllowed: () => new DomainError('forbidden', 'web_search_not_allowed', 'Your organisation does not allow you to search the web.'),
};
