// The API keys domain's errors: each a stable code, a kind (its status at the edge) and its text.
// On /v1 the edge writes them in OpenAI's error shape (services/http/openai-errors.ts).
import { DomainError } from '../shared/domain-error.js';
import { MAX_LIVE_KEYS } from './scopes.js';

/** A refusal for being over a limit, with how long to wait (the edge's Retry-After). */
export class RateLimited extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', code, message);
  }
}

export const apiKeyErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to manage API keys.'),
  keyNotFound: () => new DomainError('not_found', 'api_key_not_found', 'No such API key.'),
  tooManyKeys: () => new DomainError('conflict', 'too_many_api_keys', `You have ${MAX_LIVE_KEYS} API keys already. Revoke one to create another.`),
  invalidKey: () => new DomainError('unauthenticated', 'invalid_api_key', 'Incorrect API key provided. Create one on /account/api.'),
  missingScope: (scope: string) => new DomainError('forbidden', 'insufficient_scope', `This API key lacks the scope \`${scope}\`.`),
  rateLimited: (perMinute: number, retryAfter: number) =>
    new RateLimited('rate_limit_exceeded', `Rate limit reached: ${perMinute} requests per minute for this key.`, retryAfter),
  quotaSpent: (monthly: number, retryAfter: number) =>
    new RateLimited('insufficient_quota', `Your plan's ${monthly} API requests this month are used up. Upgrade your plan for more.`, retryAfter),
  unknownModel: (model: string) => new DomainError('not_found', 'model_not_found', `The model \`${model}\` does not exist.`),
  noQuestion: () => new DomainError('invalid', 'invalid_messages', 'messages must end with a user message that has text.'),
  promptTooLong: (limit: number) => new DomainError('invalid', 'context_length_exceeded', `The messages hold more than ${limit} characters.`),
  questionTooLong: (limit: number) =>
    new DomainError('invalid', 'context_length_exceeded', `The question (the last user message) holds more than ${limit} characters.`),
  spaceNotFound: () => new DomainError('not_found', 'collection_not_found', 'No such collection (Space) readable by this key.'),
};
