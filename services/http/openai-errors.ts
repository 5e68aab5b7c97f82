// The answer API (/v1) answers errors in OpenAI's shape `{ error: { message, type, param, code } }`
// rather than problem+json, so OpenAI's clients raise their usual errors. The same problem, another body.
import type { ProblemBody } from './problem.js';

export const isOpenAiPath = (path: string) => path === '/v1' || path.startsWith('/v1/');

const TYPE_OF_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'invalid_request_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  429: 'rate_limit_error',
};

/** The request field a code is about, where there is one. */
const PARAM_OF_CODE: Record<string, string> = {
  model_not_found: 'model',
  invalid_messages: 'messages',
  context_length_exceeded: 'messages',
  collection_not_found: 'collection',
};

export function openAiErrorBody(problem: ProblemBody) {
  const type =
    problem.code === 'insufficient_quota'
      ? 'insufficient_quota'
      : (TYPE_OF_STATUS[problem.status] ?? (problem.status >= 500 ? 'server_error' : 'invalid_request_error'));
  return { error: { message: problem.detail ?? problem.title ?? 'Error', type, param: PARAM_OF_CODE[problem.code] ?? null, code: problem.code } };
}
