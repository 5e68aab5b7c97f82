// An answer's tool calls are named by their answer and their place in it, not at random: when the
// answer's workflow runs its generation again (a restart resumes it), the model's n-th call gets the
// same id as before, so a call that ended gives its recorded result and one waiting for the
// person goes on waiting, instead of a second call being asked for.
import { createHash } from 'node:crypto';

/** A name-based (version 5 style, SHA-1) UUID for the `ordinal`-th tool call of the answer `backendUuid`. */
export function answerToolCallId(backendUuid: string, ordinal: number): string {
  const h = createHash('sha1').update(`answer-tool-call\u0000${backendUuid}\u0000${ordinal}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
