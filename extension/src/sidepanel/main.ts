/// <reference types="chrome" />
// The side panel: start a task on the current tab, and watch, confirm, pause and stop tasks.
// It asks the service worker, which holds the agent's socket.
import type { ConnectionView, TaskView } from '../background/agent-client';
import type { PanelRequest } from './panel-messages';
import { connectionText, renderTask } from './render';

type State = { connection: ConnectionView; tasks: TaskView[] };

const send = (r: PanelRequest) => chrome.runtime.sendMessage(r) as Promise<Record<string, unknown> | undefined>;

function show(state: State) {
  document.getElementById('connection')!.textContent = connectionText(state.connection);
  const list = document.getElementById('tasks')!;
  list.replaceChildren(...state.tasks.map((t) => renderTask(document, t, (r) => void send(r))));
}

chrome.runtime.onMessage.addListener((message: { type?: string; state?: State }) => {
  if (message?.type === 'PANEL_UPDATE' && message.state) show(message.state);
});

document.getElementById('start')!.addEventListener('submit', async (e) => {
  e.preventDefault();
  const input = document.getElementById('task') as HTMLTextAreaElement;
  const error = document.getElementById('start-error')!;
  error.textContent = '';
  const answer = await send({ type: 'PANEL_START', task: input.value.trim() });
  if (answer?.error) error.textContent = String(answer.error);
  else input.value = '';
});

void send({ type: 'PANEL_STATE' }).then((s) => s && show(s as unknown as State));
