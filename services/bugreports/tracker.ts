// The port to an issue tracker: file one issue, answer its address. Adapters: linear.ts, github.ts.
export type TrackerIssue = { title: string; description: string; assigneeEmail: string | null };
export type Tracker = (issue: TrackerIssue) => Promise<{ url: string }>;

/** How long a tracker may take: the client gives up at 10 s (seed 000 §9), so the server stops first. */
export const TRACKER_TIMEOUT_MS = 8_000;

/** A tracker's refusal, in words that never carry the request's secrets (the tracker's own message, cut). */
export class TrackerError extends Error {
  constructor(tracker: string, status: number, detail: unknown) {
    super(`${tracker} answered ${status}${typeof detail === 'string' && detail ? `: ${detail.slice(0, 200)}` : ''}`);
    this.name = 'TrackerError';
  }
}
