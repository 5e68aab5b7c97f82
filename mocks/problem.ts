// A problem+json response in the server's shape, thrown from a resolver to answer with it; and
// the server's own rules run inside `ruled`, whose DomainErrors become the problems the server's
// edge makes of them (the same kind-to-status table as services/app/errors.ts).
import { HttpResponse } from 'msw';
import { DomainError, type DomainErrorKind } from '../services/shared/domain-error';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
};

export function problem(status: number, code: string, detail: string) {
  return HttpResponse.json(
    { type: 'about:blank', title: TITLES[status] ?? 'Error', status, code, detail },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

const STATUS_OF_KIND: Record<DomainErrorKind, number> = { invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409 };

/** Runs a server rule; a DomainError it throws is thrown on as the server's problem response. */
export function ruled<T>(rule: () => T): T {
  try {
    return rule();
  } catch (err) {
    if (err instanceof DomainError) throw problem(STATUS_OF_KIND[err.kind], err.code, err.message);
    throw err;
  }
}
