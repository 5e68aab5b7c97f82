// The notifications' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const notificationErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  // Another person's notification is answered exactly as one that does not exist.
  notFound: () => new DomainError('not_found', 'notification_not_found', 'This notification does not exist.'),
  invalidSubscription: (why: string) => new DomainError('invalid', 'invalid_push_subscription', `This push subscription cannot be used: ${why}.`),
  subscriptionNotFound: () => new DomainError('not_found', 'push_subscription_not_found', 'This browser is not subscribed to notifications.'),
  invalidNotification: (why: string) => new DomainError('invalid', 'invalid_notification', `This notification cannot be sent: ${why}.`),
};
