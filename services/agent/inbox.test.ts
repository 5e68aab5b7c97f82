// The in-process inbox: a signal reaches a loop that waits, is kept for one that does not wait yet,
// and is refused for a task whose loop does not run here (the caller then sends it durably).
import { expect, test } from 'vitest';
import { AgentInbox } from './inbox.js';

const T = 'task-1';

test('a waiting loop gets the signal at once; one not yet waiting gets it on its next wait, in order', async () => {
  const inbox = new AgentInbox();
  inbox.open(T);
  const waiting = inbox.wait(T, 60_000);
  expect(inbox.deliver(T, { kind: 'connected' })).toBe(true);
  await expect(waiting).resolves.toEqual({ kind: 'connected' });
  expect(inbox.deliver(T, { kind: 'changed' })).toBe(true);
  expect(inbox.deliver(T, { kind: 'reply', request_id: 'r', response: { text: 'ok' } })).toBe(true);
  await expect(inbox.wait(T, 60_000)).resolves.toEqual({ kind: 'changed' });
  await expect(inbox.wait(T, 60_000)).resolves.toEqual({ kind: 'reply', request_id: 'r', response: { text: 'ok' } });
});

test('no signal in time is null; a task whose loop is not here, or has ended, refuses signals', async () => {
  const inbox = new AgentInbox();
  expect(inbox.deliver(T, { kind: 'changed' })).toBe(false);
  inbox.open(T);
  await expect(inbox.wait(T, 1)).resolves.toBeNull();
  inbox.close(T);
  expect(inbox.deliver(T, { kind: 'changed' })).toBe(false);
});
