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
  // Single sign-on (sso-decide.ts, sso-routes.ts).
  ssoInvalidDomain: () => new DomainError('invalid', 'sso_invalid_domain', "Give your organisation's email domain, like example.com."),
  ssoPublicDomain: (domain: string) =>
    new DomainError('invalid', 'sso_public_domain', `${domain} is a public mail service: single sign-on needs a domain your organisation owns.`),
  ssoDomainTaken: () => new DomainError('conflict', 'sso_domain_taken', 'Another organisation has already verified this domain.'),
  ssoNotClaimed: () => new DomainError('conflict', 'sso_domain_not_claimed', 'Claim your email domain first.'),
  ssoRecordMissing: (name: string) =>
    new DomainError(
      'conflict',
      'sso_dns_record_missing',
      `The TXT record was not found at ${name}. Add it at your DNS host; it can take a few minutes to appear.`,
    ),
  ssoDnsUnavailable: () => new DomainError('unavailable', 'sso_dns_unavailable', 'DNS did not answer just now. Try verifying again in a minute.'),
  ssoDomainUnverified: () => new DomainError('conflict', 'sso_domain_unverified', 'The domain is not verified yet: add the TXT record and verify it first.'),
  ssoInvalidIssuer: () => new DomainError('invalid', 'sso_invalid_issuer', 'The issuer must be an https:// address, like https://login.example.com.'),
  ssoIssuerRefused: () =>
    new DomainError('invalid', 'sso_issuer_refused', 'That issuer is on a private or local network address, which this server does not call.'),
  ssoIssuerUnreachable: (why: string) => new DomainError('invalid', 'sso_issuer_unreachable', `The issuer's OpenID configuration could not be read: ${why}`),
  ssoInvalidClient: () => new DomainError('invalid', 'sso_invalid_client', 'Give the client id (and, the first time, the client secret) your provider issued.'),
  ssoClientRejected: () =>
    new DomainError('invalid', 'sso_client_rejected', 'The provider refused this client id and secret. Check both at your provider and try again.'),
  ssoNotConfigured: () => new DomainError('not_found', 'sso_not_configured', 'Single sign-on is not set up for this email domain. Sign in another way.'),
  ssoSignInFailed: () => new DomainError('unauthenticated', 'sso_sign_in_failed', 'Signing in with your organisation did not complete. Try again.'),
  // Refusals other domains give when the organisation's policy says no.
  publicSharingNotAllowed: () => new DomainError('forbidden', 'public_sharing_not_allowed', 'Your organisation does not allow sharing threads publicly.'),
  spaceCreationNotAllowed: () => new DomainError('forbidden', 'space_creation_not_allowed', 'In your organisation only owners and admins can create Spaces.'),
  fileUploadsNotAllowed: () => new DomainError('forbidden', 'file_uploads_not_allowed', 'Your organisation does not allow you to upload files.'),
  fileDownloadsNotAllowed: () => new DomainError('forbidden', 'file_downloads_not_allowed', 'Your organisation does not allow you to download files.'),
  webSearchNotAllowed: () => new DomainError('forbidden', 'web_search_not_allowed', 'Your organisation does not allow you to search the web.'),
};
