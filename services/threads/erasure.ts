// Threads' personal data in the log: every text of a thread the person owned (docs/data-rights.md).
// Entries' events name only their backend_uuid, so a thread's events are found by their stream.
import { blank, type Redactor, type Redactors } from '../eventstore/erasure.js';

const inRemovedThread =
  (keys: string[]): Redactor =>
  (e, p) =>
    p.streams.has(e.streamId) ? blank(e.data, keys) : undefined;

export const threadRedactors: Redactors = {
  ThreadStarted: inRemovedThread(['title']),
  ThreadRenamed: inRemovedThread(['title', 'previous_title']),
  QuestionAsked: inRemovedThread(['query_str']),
  AnswerSourcesFound: inRemovedThread(['sources']),
  // A Pro Search's searches are the question's words, its pages what it found: emptied, the shape kept.
  ProSearchStepsRecorded: (e, p) => (p.streams.has(e.streamId) ? { ...e.data, steps: { ...e.data.steps, queries: [], pages: [] } } : undefined),
  AnswerCompleted: inRemovedThread(['answer', 'related_questions']),
  AnswerStopped: inRemovedThread(['answer']),
  AnswerFailed: inRemovedThread(['answer', 'detail']),
  EntrySourcesRemoved: inRemovedThread(['removed_urls', 'answer', 'sources']),
  EntryCopied: inRemovedThread(['query_str', 'answer', 'sources', 'related_questions']),
};
