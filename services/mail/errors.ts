// The mail domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const mailErrors = {
  mailNotFound: () => new DomainError('not_found', 'mail_not_found', 'No such mail.'),
};
