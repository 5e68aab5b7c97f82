// What runs beside the requests while the app runs: a consumer of the event log, a scheduler, a
// loop. Its owner describes it (a domain through its index.ts, a workflow in its own file); the
// one list is in services/app/runtime.ts, which registers every part before the workflow runtime
// launches (DBOS recovers only the workflows registered by then), starts them in the list's order
// once it has, and stops them in the reverse order before it goes down.
import type { EventLogSignals } from '../eventstore/signals.js';
import type { KernelContext } from './context.js';

export type Running = { stop: () => Promise<void> };

/** Starts the part; null when it does not run with this configuration (billing off, no market data). */
export type StartBackground = () => Running | null | Promise<Running | null>;

export type Background<Deps> = {
  /** Registers the part's workflows, if it has any, and says how it starts. */
  register: (deps: Deps) => StartBackground;
};

/** What every part may use: the kernel's parts and the log's signals (one LISTEN connection for the instance). */
export type BackgroundKernel = KernelContext & { signals: EventLogSignals };
