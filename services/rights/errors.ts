// The data-rights domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const DELETE_CONFIRMATION = 'DELETE';

export const rightsErrors = {
  wrongPassword: () => new DomainError('invalid', 'wrong_password', 'The current password is not right.'),
  confirmationMismatch: () => new DomainError('invalid', 'confirmation_mismatch', `Type ${DELETE_CONFIRMATION} to confirm that the account is deleted.`),
  invalidHandOver: () =>
    new DomainError('invalid', 'invalid_hand_over', 'A Space can be handed only to one of its members who has joined it, and only a Space you own.'),
  deletionUnderWay: () => new DomainError('conflict', 'deletion_under_way', 'This account is already being deleted.'),
  exportNotFound: () => new DomainError('not_found', 'export_not_found', 'No such export of your data.'),
  exportNotReady: () => new DomainError('conflict', 'export_not_ready', 'The archive is still being prepared. We mail you when it is ready.'),
  exportExpired: () => new DomainError('conflict', 'export_expired', 'This archive has expired. Ask for a new export.'),
  exportFailed: () => new DomainError('conflict', 'export_failed', 'This export could not be made. Ask for a new one.'),
};
