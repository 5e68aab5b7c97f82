// Places' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const RESERVATIONS_MAX = 200;

export const placesErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to keep your reservations.'),
  linkInvalid: () => new DomainError('invalid', 'reservation_link_invalid', "The venue's booking address must be an http:// or https:// address."),
  detailsInvalid: (why: string) => new DomainError('invalid', 'reservation_details_invalid', why),
  full: () =>
    new DomainError('conflict', 'reservations_full', `You keep ${RESERVATIONS_MAX} reservations already. Remove some you no longer need to keep new ones.`),
  notFound: () => new DomainError('not_found', 'reservation_not_found', 'That reservation is not among yours.'),
};
