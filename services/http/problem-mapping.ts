// Every error leaves as problem+json with a stable code; nothing else reaches the client. The one
// mapper from a domain's errors (services/<domain>/errors.ts) to HTTP.
import type { ErrorRequestHandler } from 'express';
import { ConcurrencyError } from '../eventstore/types.js';
import { DomainError, STATUS_OF_KIND } from '../shared/domain-error.js';
import { HttpProblem, problemBody, type ProblemBody } from './problem.js';
import { isOpenAiPath, openAiErrorBody } from './openai-errors.js';
import type { Logger } from 'pino';

const codeOfValidatorStatus: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Better Auth's APIError (better-call's), read by its shape: the edge does not import the library. */
function isAuthLibraryError(err: unknown): err is { statusCode: number } {
  return err instanceof Error && err.name === 'APIError' && typeof (err as { statusCode?: unknown }).statusCode === 'number';
}

export function toProblem(err: unknown): ProblemBody | null {
  if (err instanceof HttpProblem) return err.toBody();
  if (err instanceof DomainError) return problemBody(STATUS_OF_KIND[err.kind], err.code, err.message);
  if (err instanceof ConcurrencyError) return problemBody(409, 'concurrency_conflict', 'Someone else changed this at the same time. Reload and try again.');
  const e = err as { type?: string; status?: number; errors?: { path?: string; message?: string }[]; message?: string };
  if (e?.type === 'entity.too.large') return problemBody(413, 'payload_too_large', 'The request body is larger than 1 MB.');
  if (e?.type === 'entity.parse.failed') return problemBody(400, 'malformed_json', 'The request body is not valid JSON.');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return problemBody(415, 'unsupported_media_type', e.message);
  // The auth library's refusal of a session that ended while the request was on its way (signed
  // out, revoked elsewhere): whoever asked is no longer signed in, whichever call it was.
  if (isAuthLibraryError(err) && err.statusCode === 401) return problemBody(401, 'unauthenticated', 'Sign in to continue.');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    const detail = Array.isArray(e.errors) && e.errors.length ? e.errors.map((x) => [x.path, x.message].filter(Boolean).join(' ')).join('; ') : e.message;
    return problemBody(e.status, codeOfValidatorStatus[e.status] ?? 'bad_request', detail);
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let body = toProblem(err);
    if (!body) {
      const isResponseValidation = Array.isArray(err?.errors) && String(err?.message ?? '').includes('.response');
      logger.error({ err, reqId: req.id, url: req.originalUrl }, isResponseValidation ? 'response does not match the spec' : 'unhandled error');
      body = problemBody(500, isResponseValidation ? 'invalid_response' : 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    if (res.headersSent) return res.end();
    // A refusal for being over a limit says how long to wait.
    const retryAfter = (err as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
    if (body.status === 429 && typeof retryAfter === 'number') res.setHeader('retry-after', String(retryAfter));
    if (isOpenAiPath(req.path))
      return void res
        .status(body.status)
        .type('application/json')
        .send(JSON.stringify(openAiErrorBody(body)));
    res.status(body.status).type('application/problem+json').send(JSON.stringify(body));
  };
}
