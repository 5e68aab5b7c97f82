/**
 * How often an instance asks PostgreSQL for startable workflows of a queue while nothing wakes it.
 * DBOS polls each queue at this interval even when it is empty, one claiming transaction a poll
 * (four statements): at 100 ms, the file-indexing and task-run queues alone began 20 of the 23.5
 * DBOS transactions a second of an idle instance (an idle test server: 0.83 s of its own CPU and
 * 0.44 s of PostgreSQL's per 20 s; 0.45 s and 0.11 s with this interval and the wake below).
 *
 * Our patch of DBOS (patches/@dbos-inc+dbos-sdk+*.patch) wakes a queue's poll when a workflow is
 * enqueued on it in this process, and when one of its workflows here ends and frees a place, at
 * most every 100 ms: what a person submits here starts at once, and a full queue refills as fast
 * as a 100 ms interval did. Work enqueued by another instance is found at the next interval.
 */
export const QUEUE_IDLE_POLL_MS = 1000;
