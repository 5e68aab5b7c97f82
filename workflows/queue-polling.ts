/**
 * How often an instance asks PostgreSQL for startable workflows of a background queue (connector
 * syncs and removals, seat syncs). DBOS polls each queue at this interval even when it is empty,
 * one claiming transaction a poll: at 100-250 ms, the six queues made 36 transactions a second per
 * idle instance, about a tenth of a core between the server and PostgreSQL (an idle test server:
 * 2.2-2.9 s of CPU per 20 s; 0.7 s with every queue at 1 s), paid again by every instance. A sync
 * that starts up to a second later costs its person nothing. The file-indexing and task-run queues
 * keep their 100 ms: a person watches the one, and the other starts at most its worker places a
 * poll, so 10,000 runs due in one minute need it (tests/bench/tasks.ts).
 */
export const BACKGROUND_QUEUE_POLL_MS = 1000;
