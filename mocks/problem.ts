// A problem+json response in the server's shape, thrown from a resolver to answer with it; and
// the server's own rules run inside `ruled`, whose DomainErrors become the problems the server's
// edge makes of them (the same kind-to-status table and problem shape as services/http).
import { HttpResponse } from 'msw';
import { problemBody } from '../services/http/problem';
import { DomainError, STATUS_OF_KIND } from '../services/shared/domain-error';

export function problem(status: number, code: string, detail: string) {
  return HttpResponse.json(problemBody(status, code, detail), { status, headers: { 'content-type': 'application/problem+json' } });
}

/** Runs a server rule; a DomainError it throws is thrown on as the server's problem response. */
export function ruled<T>(rule: () => T): T {
  try {
    return rule();
  } catch (err) {
    if (err instanceof DomainError) throw problem(STATUS_OF_KIND[err.kind], err.code, err.message);
    throw err;
  }
}

/** Answers with the server's problem for one of its domain errors. */
export function refuse(err: DomainError): never {
  throw problem(STATUS_OF_KIND[err.kind], err.code, err.message);
}
