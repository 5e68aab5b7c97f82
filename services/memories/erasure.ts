// The memories in the log (docs/data-rights.md): what is remembered and what the person wrote
// in feedback is theirs; the stream is wholly theirs.
import { blank, type Redactors } from '../eventstore/erasure.js';
import { memoriesStream } from './events.js';

const mine = (streamId: string, userId: string) => streamId === memoriesStream(userId);

export const memoryRedactors: Redactors = {
  MemoryRemembered: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['content']) : undefined),
  MemoryEdited: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['content']) : undefined),
  MemoryFeedbackGiven: (e, p) => (mine(e.streamId, p.userId) && e.data.comment ? blank(e.data, ['comment']) : undefined),
};
