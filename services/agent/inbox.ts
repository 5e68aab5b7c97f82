// What reaches a running task's loop on this instance without the database: the socket's replies
// and the person's controls are handed straight to the loop waiting here (the RPC round trip under
// load would otherwise be a message written, a notification and a read; issue 34's bench). The
// workflow records what the loop took as a step, so a replay has it; a signal for a task whose
// loop runs elsewhere (or not yet) goes through the workflow runtime's messages instead.
import type { AgentSignal } from './context.js';

type Slot = { queue: AgentSignal[]; waiter: ((signal: AgentSignal) => void) | null };

export class AgentInbox {
  private readonly slots = new Map<string, Slot>();

  /** The task's loop runs here from now on: signals for it are kept until it takes them. */
  open(taskUuid: string) {
    if (!this.slots.has(taskUuid)) this.slots.set(taskUuid, { queue: [], waiter: null });
  }

  close(taskUuid: string) {
    this.slots.delete(taskUuid);
  }

  /** Hands a signal to the task's loop when it runs on this instance; false when it does not. */
  deliver(taskUuid: string, signal: AgentSignal): boolean {
    const slot = this.slots.get(taskUuid);
    if (!slot) return false;
    const waiter = slot.waiter;
    slot.waiter = null;
    if (waiter) waiter(signal);
    else slot.queue.push(signal);
    return true;
  }

  /** The next signal for the task, waiting at most `ms`; null when none came. */
  wait(taskUuid: string, ms: number): Promise<AgentSignal | null> {
    const slot = this.slots.get(taskUuid);
    if (!slot) return new Promise((resolve) => setTimeout(() => resolve(null), ms));
    const queued = slot.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        slot.waiter = null;
        resolve(null);
      }, ms);
      slot.waiter = (signal) => {
        clearTimeout(timer);
        resolve(signal);
      };
    });
  }
}
