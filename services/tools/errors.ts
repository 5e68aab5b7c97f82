// The tool servers' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { MCP_NAME_MAX, MCP_RESPONSE_MAX_BYTES, MCP_SERVERS_MAX } from './limits.js';

export const toolErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  // Another person's server is answered exactly as one that does not exist.
  notFound: () => new DomainError('not_found', 'mcp_server_not_found', 'This tool server does not exist.'),
  nameRequired: () => new DomainError('invalid', 'mcp_server_name_required', 'Give the tool server a name.'),
  nameTooLong: () => new DomainError('invalid', 'mcp_server_name_too_long', `Keep the name to ${MCP_NAME_MAX} characters or fewer.`),
  invalidUrl: (why: string) => new DomainError('invalid', 'mcp_server_url_invalid', `This is not a tool server address: ${why}`),
  blockedUrl: () =>
    new DomainError('invalid', 'mcp_server_url_blocked', 'This address is on a private network; tool servers must be reachable on the public internet.'),
  exists: () => new DomainError('conflict', 'mcp_server_exists', 'A tool server with this address is added already.'),
  tooMany: () => new DomainError('conflict', 'mcp_servers_limit', `You can add up to ${MCP_SERVERS_MAX} tool servers.`),
  installed: () => new DomainError('forbidden', 'mcp_server_installed', 'This tool server is installed by the administrator and cannot be changed here.'),
  authorizationRequired: () => new DomainError('conflict', 'mcp_authorization_required', 'This tool server asks you to connect your account first.'),
  unreachable: (why: string) => new DomainError('unavailable', 'mcp_server_unreachable', `The tool server could not be reached: ${why}`),
  authorizationFailed: (why: string) => new DomainError('unavailable', 'mcp_authorization_failed', `The tool server's sign-in could not be started: ${why}`),
  invalidAttempt: () => new DomainError('invalid', 'mcp_authorization_invalid', 'This sign-in link is not valid or has expired. Connect again.'),
  callNotFound: () => new DomainError('not_found', 'mcp_call_not_found', 'This tool call does not exist.'),
  callDecided: () => new DomainError('conflict', 'mcp_call_decided', 'This tool call is not waiting for your approval any more.'),
  responseTooLarge: () =>
    new DomainError(
      'unavailable',
      'mcp_response_too_large',
      `The tool server's answer was larger than ${MCP_RESPONSE_MAX_BYTES / (1024 * 1024)} MB, so it was not read.`,
    ),
  toolNotFound: () => new DomainError('not_found', 'mcp_tool_not_found', 'This tool is not offered by the server.'),
};
