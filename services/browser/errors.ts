// The browser domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const browserErrors = {
  inviteNotFound: () => new DomainError('not_found', 'invite_code_not_found', 'This invite code does not exist. Check it and try again.'),
  inviteUsedUp: () => new DomainError('conflict', 'invite_code_used_up', 'This invite code has already been used.'),
  inviteExists: () => new DomainError('conflict', 'invite_code_exists', 'This invite code was issued already.'),
  downloadsNotConfigured: () => new DomainError('unavailable', 'downloads_not_configured', 'Downloads are not configured on this server.'),
  notAdministrator: () => new DomainError('forbidden', 'not_administrator', 'Only an administrator of this server can do this.'),
};
