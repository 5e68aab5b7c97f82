// The agent task's rules, given past events and a command: who may control a task, what a
// repeat does (nothing: the loop repeats steps after a crash), and the bounds.
import { describe, expect, test } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import {
  decideAskConfirmation,
  decideComplete,
  decideConfirm,
  decidePause,
  decideResume,
  decideStart,
  decideStep,
  decideStop,
  nextStepAllowed,
} from './decide.js';
import { type AgentEvent, evolveAgentTask, initialAgentTask } from './events.js';
import { SCREENSHOT_KEEP_MAX_CHARS } from './limits.js';

const agent = decider(evolveAgentTask, initialAgentTask);
const now = new Date('2026-01-01T00:00:00Z');
const T = '3f2a4c1e-8b7d-4e2a-9c1f-2b3d4e5f6a7b';
const ada = { userId: 'ada', now };
const bo = { userId: 'bo', now };
const ref = { task_uuid: T, owner_id: 'ada' };
const started: AgentEvent[] = [
  { type: 'AgentTaskStarted', data: { ...ref, task: 'book', url: 'https://a.example', extension_version: '1', started_at: now.toISOString() } },
];
const step = (n: number, error: string | null = null): AgentEvent => ({
  type: 'AgentStepRecorded',
  data: { ...ref, step: n, method: 'ReadPage', summary: 's', error, at: '' },
});
const asked: AgentEvent = {
  type: 'AgentConfirmationRequested',
  data: { ...ref, step: 1, method: 'Computer', reason: 'spends_money', description: 'Click Pay', at: '' },
};
const paused: AgentEvent = { type: 'AgentTaskPaused', data: { ...ref, at: '' } };
const stopped: AgentEvent = { type: 'AgentTaskStopped', data: { ...ref, at: '' } };

describe('start', () => {
  const input = { taskUuid: T, task: '  find a flight ', url: 'https://a.example', extensionVersion: '1' };
  test('a new task is started with its words trimmed', () =>
    agent
      .given()
      .when((s) => decideStart(s, { ...ada, ...input }))
      .then([{ type: 'AgentTaskStarted', data: expect.objectContaining({ task: 'find a flight', owner_id: 'ada' }) }]));
  test('the owner starting it again (a reconnect) changes nothing', () =>
    agent
      .given(started)
      .when((s) => decideStart(s, { ...ada, ...input }))
      .then([]));
  test('another person cannot take the id', () =>
    agent
      .given(started)
      .when((s) => decideStart(s, { ...bo, ...input }))
      .then(refused('conflict', 'agent_task_exists')));
  test('a blank task is refused', () =>
    agent
      .given()
      .when((s) => decideStart(s, { ...ada, ...input, task: ' \n ' }))
      .then(refused('invalid', 'agent_task_blank')));
  test('a task too long is refused', () =>
    agent
      .given()
      .when((s) => decideStart(s, { ...ada, ...input, task: 'x'.repeat(4001) }))
      .then(refused('invalid', 'agent_task_too_long')));
});

describe('control', () => {
  const cmd = { ...ada, taskUuid: T };
  test('pause, then pause again is nothing', () => {
    agent
      .given(started)
      .when((s) => decidePause(s, cmd))
      .then([{ type: 'AgentTaskPaused', data: { ...ref, at: now.toISOString() } }]);
    agent
      .given(started, [paused])
      .when((s) => decidePause(s, cmd))
      .then([]);
  });
  test('resume only a paused task', () => {
    agent
      .given(started, [paused])
      .when((s) => decideResume(s, cmd))
      .then([{ type: 'AgentTaskResumed', data: { ...ref, at: now.toISOString() } }]);
    agent
      .given(started)
      .when((s) => decideResume(s, cmd))
      .then([]);
  });
  test('another person’s task is not found, for every control', () => {
    for (const decide of [decidePause, decideResume, decideStop])
      agent
        .given(started)
        .when((s) => decide(s, { ...bo, taskUuid: T }))
        .then(refused('not_found', 'agent_task_not_found'));
  });
  test('a stopped task stays stopped and cannot be resumed', () => {
    agent
      .given(started, [stopped])
      .when((s) => decideStop(s, cmd))
      .then([]);
    agent
      .given(started, [stopped])
      .when((s) => decideResume(s, cmd))
      .then(refused('conflict', 'agent_task_finished'));
  });
});

describe('confirmation', () => {
  const cmd = { ...ada, taskUuid: T };
  test('only the step that waits is answered', () => {
    agent
      .given(started, [step(0), asked])
      .when((s) => decideConfirm(s, { ...cmd, step: 1, approved: true }))
      .then([{ type: 'AgentActionConfirmed', data: { ...ref, step: 1, approved: true, at: now.toISOString() } }]);
    agent
      .given(started, [step(0), asked])
      .when((s) => decideConfirm(s, { ...cmd, step: 0, approved: true }))
      .then(refused('conflict', 'agent_confirmation_stale'));
  });
  test('the same answer twice is nothing; asking again for an answered step is nothing', () => {
    const answered: AgentEvent = { type: 'AgentActionConfirmed', data: { ...ref, step: 1, approved: false, at: '' } };
    agent
      .given(started, [asked, answered])
      .when((s) => decideConfirm(s, { ...cmd, step: 1, approved: false }))
      .then([]);
    agent
      .given(started, [asked, answered])
      .when((s) => decideAskConfirmation(s, { taskUuid: T, step: 1, method: 'Computer', reason: 'spends_money', description: '', now }))
      .then([]);
  });
  test('a paused task asked to confirm stays paused', () => {
    const s = agent.given(started, [paused, asked]).state;
    expect(s.task?.status).toBe('paused');
    expect(s.task?.pending?.step).toBe(1);
  });
});

describe('the loop’s records', () => {
  test('a step already recorded is not recorded again; steps after the end are dropped', () => {
    agent
      .given(started, [step(0)])
      .when((s) => decideStep(s, { taskUuid: T, step: 0, method: 'ReadPage', summary: '', error: null, now }))
      .then([]);
    agent
      .given(started, [stopped])
      .when((s) => decideStep(s, { taskUuid: T, step: 0, method: 'ReadPage', summary: '', error: null, now }))
      .then([]);
    agent
      .given(started, [stopped])
      .when((s) => decideComplete(s, { taskUuid: T, summary: 'x', now }))
      .then([]);
  });
  test('a screenshot is kept with its step, in the same append; one not base64, of another type or too large is not', () => {
    const shot = { media_type: 'image/jpeg', width: 1280, height: 800, data: 'AAAA/w==' };
    const cmd = { taskUuid: T, step: 0, method: 'Computer', summary: 'screenshot', error: null, roundTripMs: 7.4, now };
    agent
      .given(started)
      .when((s) => decideStep(s, { ...cmd, screenshot: shot }))
      .then([
        {
          type: 'AgentStepRecorded',
          data: { ...ref, step: 0, method: 'Computer', summary: 'screenshot', error: null, round_trip_ms: 7, at: now.toISOString() },
        },
        { type: 'AgentScreenshotKept', data: { ...ref, step: 0, ...shot, at: now.toISOString() } },
      ]);
    for (const bad of [
      { ...shot, data: '<script>' },
      { ...shot, media_type: 'text/html' },
      { ...shot, width: 5000 },
      { ...shot, data: 'A'.repeat(SCREENSHOT_KEEP_MAX_CHARS + 4) },
    ])
      expect(decideStep(agent.given(started).state, { ...cmd, screenshot: bad }).map((e) => e.type)).toEqual(['AgentStepRecorded']);
  });
  test('a tool call is kept on its step', () => {
    const toolCall = { call_id: 'c1', server_name: 'Echoes', tool_name: 'echo', arguments: { text: 'hi' }, status: 'done', result: 'echo: hi' };
    agent
      .given(started)
      .when((s) => decideStep(s, { taskUuid: T, step: 0, method: 'tool', summary: 'Echoes · echo', error: null, toolCall, now }))
      .then([
        {
          type: 'AgentStepRecorded',
          data: { ...ref, step: 0, method: 'tool', summary: 'Echoes · echo', error: null, tool_call: toolCall, at: now.toISOString() },
        },
      ]);
  });
  test('the bounds: steps, and failures in a row (a success resets them)', () => {
    const bounds = { maxSteps: 3, maxConsecutiveFailures: 2, maxActionsPerStep: 1 };
    expect(nextStepAllowed(agent.given(started, [step(0), step(1)]).state.task!, bounds)).toEqual({ ok: true });
    expect(nextStepAllowed(agent.given(started, [step(0), step(1), step(2)]).state.task!, bounds).ok).toBe(false);
    expect(nextStepAllowed(agent.given(started, [step(0, 'x'), step(1, 'y')]).state.task!, bounds)).toEqual({
      ok: false,
      why: 'The agent stopped after 2 failed steps in a row.',
    });
    expect(nextStepAllowed(agent.given(started, [step(0, 'x'), step(1)]).state.task!, { ...bounds, maxSteps: 9 })).toEqual({ ok: true });
  });
});
