// The try-on's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../../shared/domain-error.js';

export const tryOnErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to create your avatar.'),
  unavailable: () => new DomainError('unavailable', 'try_on_unavailable', 'Try-on is not available on this server: no image provider is set up.'),
  // Another person's image is answered exactly as one that does not exist.
  imageNotFound: () => new DomainError('not_found', 'try_on_image_not_found', 'This image does not exist.'),
  noAvatar: () => new DomainError('not_found', 'try_on_avatar_not_found', 'Create your avatar first.'),
  invalidImage: () => new DomainError('invalid', 'invalid_try_on_image', 'Only image files are supported.'),
  tooLarge: () => new DomainError('too_large', 'try_on_image_too_large', 'Image size exceeds 10MB limit.'),
  timeout: () => new DomainError('unavailable', 'try_on_timeout', 'The image provider took too long. Please try again.'),
  rateLimited: () => new DomainError('rate_limited', 'try_on_rate_limited', 'Too many images made in the last hour. Try again later.'),
  failed: () => new DomainError('unavailable', 'try_on_failed', 'The image provider could not make the image. Please try again.'),
};
