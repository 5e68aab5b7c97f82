// The answers domain's errors: each a stable code, a kind (its status at the edge) and its text;
// and what an answer that fails says (its AnswerFailed detail, also the stream's `failed` event).
import { threadErrors } from '../threads/index.js';

export const answerErrors = {
  // An answer is a thread's entry: one that is missing, or still being written, is refused as threads refuse it.
  entryNotFound: threadErrors.entryNotFound,
  entryNotFinished: threadErrors.entryNotFinished,
};

export const INTERRUPTED = 'The server writing this answer stopped before it was done. Ask again to get a full answer.';
export const timedOut = (ms: number) => `The answer model did not respond within ${Math.round(ms / 1000)} seconds.`;
export const modelFailed = (message: string) => `The answer model failed: ${message}`;
/** Anything unexpected (a source or the database failing) while answering. */
export const notWritten = (message: string) => `The answer could not be written: ${message}`;
