// The side panel's view of the agent's tasks: each with its status, steps, the action waiting for
// the person (Confirm or Decline), Pause or Resume, Stop, and a link to the task in the app.
import type { ConnectionView, TaskStatus, TaskView } from '../background/agent-client';
import type { PanelRequest } from './panel-messages';

const STATUS: Record<TaskStatus, string> = {
  starting: 'Starting',
  running: 'Running',
  paused: 'Paused',
  awaiting_confirmation: 'Waiting for you',
  completed: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
};
const ENDED: TaskStatus[] = ['completed', 'stopped', 'failed'];

export function connectionText(c: ConnectionView): string {
  if (c.problem) return c.problem;
  if (!c.origin || !c.hasToken) return 'Not connected: open the app, signed in, and the extension connects.';
  return c.connected ? `Connected to ${c.origin}` : `Ready for ${c.origin}`;
}

function button(doc: Document, text: string, onClick: () => void, primary = false) {
  const b = doc.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (primary) b.className = 'primary';
  b.addEventListener('click', onClick);
  return b;
}

export function renderTask(doc: Document, t: TaskView, send: (r: PanelRequest) => void): HTMLElement {
  const box = doc.createElement('article');
  box.className = 'task';
  box.setAttribute('aria-label', t.task);
  const title = doc.createElement('p');
  title.textContent = t.task;
  const status = doc.createElement('p');
  status.className = 'status';
  status.textContent = STATUS[t.status];
  box.append(title, status);
  if (t.pending && t.status === 'awaiting_confirmation') {
    const pending = t.pending;
    const confirm = doc.createElement('div');
    confirm.className = 'confirm';
    const what = doc.createElement('p');
    what.textContent = pending.description ?? pending.method;
    confirm.append(
      what,
      button(doc, 'Confirm', () => send({ type: 'PANEL_CONFIRM', task_uuid: t.task_uuid, step: pending.step, approved: true }), true),
      button(doc, 'Decline', () => send({ type: 'PANEL_CONFIRM', task_uuid: t.task_uuid, step: pending.step, approved: false })),
    );
    box.append(confirm);
  }
  if (!ENDED.includes(t.status)) {
    const row = doc.createElement('div');
    row.className = 'row';
    row.append(
      t.status === 'paused'
        ? button(doc, 'Resume', () => send({ type: 'PANEL_CONTROL', action: 'resume_agent', task_uuid: t.task_uuid }))
        : button(doc, 'Pause', () => send({ type: 'PANEL_CONTROL', action: 'pause_agent', task_uuid: t.task_uuid })),
      button(doc, 'Stop', () => send({ type: 'PANEL_CONTROL', action: 'stop_agent', task_uuid: t.task_uuid })),
    );
    box.append(row);
  }
  const steps = doc.createElement('ol');
  for (const s of t.steps) {
    const li = doc.createElement('li');
    li.textContent = s.summary;
    if (s.error) {
      const e = doc.createElement('span');
      e.className = 'error';
      e.textContent = ` — ${s.error}`;
      li.append(e);
    }
    steps.append(li);
  }
  box.append(steps);
  for (const line of [t.summary, t.failure]) {
    if (!line) continue;
    const p = doc.createElement('p');
    p.textContent = line;
    if (line === t.failure) p.setAttribute('role', 'alert');
    box.append(p);
  }
  const link = doc.createElement('a');
  link.href = `${t.origin}/agent/${t.task_uuid}`;
  link.target = '_blank';
  link.rel = 'noreferrer';
  link.textContent = 'Open in the app';
  box.append(link);
  return box;
}
