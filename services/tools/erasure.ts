// The tool servers in the log (docs/data-rights.md): the stream is wholly the person's; what they
// named and where their servers are, the sealed credentials, and each call's arguments and result
// are erased with their account.
import { blank, type Redactors } from '../eventstore/erasure.js';
import { toolsStream } from './events.js';

const mine = (streamId: string, userId: string) => streamId === toolsStream(userId);

export const toolRedactors: Redactors = {
  McpServerAdded: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['name', 'url']) : undefined),
  McpServerRenamed: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['name']) : undefined),
  McpAuthorizationStarted: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['sealed']) : undefined),
  McpServerAuthorized: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['sealed']) : undefined),
  McpCallRequested: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['server_name', 'arguments']) : undefined),
  McpCallFinished: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['result']) : undefined),
};
