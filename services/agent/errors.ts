// The agent's errors: each a stable code, a kind (its status at the edge) and its text. The socket
// texts are the seed's (003 §8) verbatim.
import { DomainError } from '../shared/domain-error.js';
import { TASK_TEXT_MAX } from './limits.js';

export const AGENT_TEXTS = {
  noMethod: 'No method specified in RPC request',
  unknownMethod: (method: string) => `Unknown method: ${method}`,
  proxyError: 'Proxy error.',
  startFailure: 'Agent task start failure.',
  taskFailure: 'Agent task failure.',
  needsModel: 'The agent needs a model: this server has no model configured (set OPENAI_API_KEY or the model settings in the README).',
} as const;

export const agentErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  // Another person's task is answered exactly as a task that does not exist.
  notFound: () => new DomainError('not_found', 'agent_task_not_found', 'This agent task does not exist.'),
  exists: () => new DomainError('conflict', 'agent_task_exists', 'An agent task with this id exists already.'),
  taskBlank: () => new DomainError('invalid', 'agent_task_blank', 'Say what the agent should do.'),
  taskTooLong: () => new DomainError('invalid', 'agent_task_too_long', `Keep a task to ${TASK_TEXT_MAX} characters or fewer.`),
  finished: () => new DomainError('conflict', 'agent_task_finished', 'This agent task has ended.'),
  notPaused: () => new DomainError('conflict', 'agent_task_not_paused', 'This agent task is not paused.'),
  screenshotNotFound: () => new DomainError('not_found', 'agent_screenshot_not_found', 'This step kept no screenshot.'),
  noConfirmation: () => new DomainError('conflict', 'agent_confirmation_stale', 'No action of this step waits for confirmation.'),
};
