// @vitest-environment happy-dom
// The side panel's task view: status, steps with their errors, the action waiting (Confirm or
// Decline), Pause or Resume and Stop while the task runs, and the task in the app.
import { expect, test } from 'vitest';
import type { TaskView } from '../background/agent-client';
import type { PanelRequest } from './panel-messages';
import { connectionText, renderTask } from './render';

const TASK: TaskView = {
  task_uuid: 't-1',
  task: 'Book a room',
  status: 'awaiting_confirmation',
  steps: [
    { step: 0, summary: 'ReadPage' },
    { step: 1, summary: 'FormInput element 6', error: 'Failed to set value: file inputs are not supported' },
  ],
  pending: { task_uuid: 't-1', step: 2, method: 'Computer', reason: 'spends_money', description: 'Click button "Book now"' },
  origin: 'https://answers.example.org',
};

const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent);

test('a task waiting for the person offers Confirm and Decline for that step, Pause and Stop', () => {
  const sent: PanelRequest[] = [];
  const el = renderTask(document, TASK, (r) => sent.push(r));
  expect(el.textContent).toContain('Waiting for you');
  expect(el.textContent).toContain('Click button "Book now"');
  expect(el.querySelector('ol')?.textContent).toBe('ReadPageFormInput element 6 — Failed to set value: file inputs are not supported');
  expect(buttons(el)).toEqual(['Confirm', 'Decline', 'Pause', 'Stop']);
  for (const b of el.querySelectorAll('button')) b.click();
  expect(sent).toEqual([
    { type: 'PANEL_CONFIRM', task_uuid: 't-1', step: 2, approved: true },
    { type: 'PANEL_CONFIRM', task_uuid: 't-1', step: 2, approved: false },
    { type: 'PANEL_CONTROL', action: 'pause_agent', task_uuid: 't-1' },
    { type: 'PANEL_CONTROL', action: 'stop_agent', task_uuid: 't-1' },
  ]);
  expect(el.querySelector('a')?.getAttribute('href')).toBe('https://answers.example.org/agent/t-1');
});

test('a paused task offers Resume; an ended one no controls, with its summary or failure', () => {
  expect(buttons(renderTask(document, { ...TASK, status: 'paused', pending: undefined }, () => undefined))).toEqual(['Resume', 'Stop']);
  const done = renderTask(document, { ...TASK, status: 'completed', pending: undefined, summary: 'Booked.' }, () => undefined);
  expect(buttons(done)).toEqual([]);
  expect(done.textContent).toContain('Booked.');
  const failed = renderTask(document, { ...TASK, status: 'failed', pending: undefined, failure: 'Agent task failure.' }, () => undefined);
  expect(failed.querySelector('[role="alert"]')?.textContent).toBe('Agent task failure.');
});

test('the connection line says what to do when the extension has no token', () => {
  expect(connectionText({ origin: null, connected: false, problem: null, hasToken: false })).toBe(
    'Not connected: open the app, signed in, and the extension connects.',
  );
  expect(connectionText({ origin: 'https://a.example', connected: true, problem: null, hasToken: true })).toBe('Connected to https://a.example');
  expect(connectionText({ origin: 'https://a.example', connected: false, problem: 'Proxy error.', hasToken: true })).toBe('Proxy error.');
});
