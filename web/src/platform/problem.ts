// The words to show for a failed call: the problem's `detail` when the server gave one.
import { ApiError } from './api-fetch';

export function problemMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.problem.detail ?? error.problem.title ?? fallback;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
