// A broken domain rule. Use cases and decide() throw these, from their domain's errors.ts
// catalogue; the HTTP edge maps `kind` to a status (services/http/problem-mapping.ts).
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The HTTP status each kind becomes at the edge (and in the mocks, which answer as the edge does). */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};
