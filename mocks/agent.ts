// The in-browser agent in the mock API, by the server's own rules (services/agent/pure.ts): one
// task of the signed-in person that waits for their confirmation of a click on "Pay now"
// (MOCK_AGENT_TASK), which they may confirm or decline, pause, resume and stop; a visitor gets
// 401 and any other task 404, as on the server. The steps after a confirmation are the
// extension's, which the mocks do not run: a confirmed task stays running.
import type { RequestHandler } from 'msw';
import {
  getConfirmAgentActionMockHandler,
  getCreateAgentTokenMockHandler,
  getGetAgentTaskMockHandler,
  getGetAgentTaskScreenshotMockHandler,
  getPauseAgentTaskMockHandler,
  getResumeAgentTaskMockHandler,
  getStopAgentTaskMockHandler,
} from '../generated/msw/agent/agent.msw';
import type { AgentTask } from '../generated/react-query/model';
import {
  type AgentEvent,
  type AgentTaskState,
  agentErrors,
  decideConfirm,
  decidePause,
  decideResume,
  decideStop,
  evolveAgentTask,
  initialAgentTask,
} from '../services/agent/pure';
import { refuse, ruled } from './problem';

export const MOCK_AGENT_TASK = '9b2f6c1e-5a4d-4e3b-8c2a-1d0e9f8a7b6c';
const at = '2026-01-01T10:00:00.000Z';
/** The screenshot the mock task's second step kept: a page of 160 × 100 pixels (a PNG, base64). */
const SCREENSHOT = {
  media_type: 'image/png' as const,
  width: 160,
  height: 100,
  data: 'iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAAAyUlEQVR42u3aMQ0AIAxFwTrAKSO6GRjYQEUJae7lK+itjbm2FV44AWADbIANsAE2wAYYsAE2wAbYABtgAwzYABtgA2xPgY9KBxiwAAuwAAuwAAswYAEWYAEWYAEWYMACLMACLMD6B7iNbtkDDBgwYMCAAQM2wAbYAAMGDBgwYMCADbABNsCAAQMGDBgwYHm6E2ABFmABBizAAizAAizAAizAgAVYgAVYgAVYgAELsAALsAALsAADFmABFmABFmABFmDAAizAAqzcLlN8L3jWVic9AAAAAElFTkSuQmCC',
};
const SCREENSHOT_STEP = 1;

export function agentHandlers(opts: { userId: () => string | null }): RequestHandler[] {
  let events: AgentEvent[] | null = null;
  const history = (owner: string): AgentEvent[] => {
    const ref = { task_uuid: MOCK_AGENT_TASK, owner_id: owner };
    events ??= [
      {
        type: 'AgentTaskStarted',
        data: { ...ref, task: 'Book the cheapest flight to Paris', url: 'https://flights.example.com/', extension_version: '1.0.0', started_at: at },
      },
      { type: 'AgentStepRecorded', data: { ...ref, step: 0, method: 'ReadPage', summary: 'ReadPage', error: null, at } },
      { type: 'AgentStepRecorded', data: { ...ref, step: SCREENSHOT_STEP, method: 'Computer', summary: 'screenshot', error: null, at } },
      { type: 'AgentScreenshotKept', data: { ...ref, step: SCREENSHOT_STEP, ...SCREENSHOT, at } },
      { type: 'AgentConfirmationRequested', data: { ...ref, step: 2, method: 'Computer', reason: 'spends_money', description: 'Click button "Pay now"', at } },
    ];
    return events;
  };
  const state = (owner: string): AgentTaskState => history(owner).reduce((s, e) => evolveAgentTask(s, e as never), initialAgentTask);
  const who = (params: Record<string, unknown>) => {
    const userId = opts.userId();
    if (!userId) refuse(agentErrors.unauthenticated());
    if (params.taskUuid !== MOCK_AGENT_TASK) refuse(agentErrors.notFound());
    return userId;
  };
  const view = (owner: string): AgentTask => {
    const all = history(owner);
    const s = state(owner).task!;
    const end = [...all].reverse().find((e) => e.type === 'AgentTaskCompleted' || e.type === 'AgentTaskFailed');
    return {
      task_uuid: MOCK_AGENT_TASK,
      task: 'Book the cheapest flight to Paris',
      status: s.status,
      url: 'https://flights.example.com/',
      steps: all.flatMap((e) =>
        e.type === 'AgentStepRecorded'
          ? [
              {
                step: e.data.step,
                method: e.data.method,
                summary: e.data.summary,
                error: e.data.error,
                at,
                screenshot: e.data.step === SCREENSHOT_STEP ? { media_type: SCREENSHOT.media_type, width: SCREENSHOT.width, height: SCREENSHOT.height } : null,
              },
            ]
          : [],
      ),
      pending_confirmation: s.pending,
      summary: end?.type === 'AgentTaskCompleted' ? end.data.summary : null,
      failure: end?.type === 'AgentTaskFailed' ? end.data.message : null,
      created_at: at,
      updated_at: at,
    };
  };
  const change = (params: Record<string, unknown>, decide: (s: AgentTaskState, userId: string) => AgentEvent[]) => {
    const userId = who(params);
    events = [...history(userId), ...ruled(() => decide(state(userId), userId))];
    return view(userId);
  };
  const cmd = (userId: string) => ({ userId, now: new Date(), taskUuid: MOCK_AGENT_TASK });
  return [
    getCreateAgentTokenMockHandler(() => {
      if (!opts.userId()) refuse(agentErrors.unauthenticated());
      return { token: 'mock-agent-token', expires_at: new Date(Date.now() + 600_000).toISOString() };
    }),
    getGetAgentTaskMockHandler(({ params }) => view(who(params))),
    getGetAgentTaskScreenshotMockHandler(({ params }) => {
      who(params);
      if (Number(params.step) !== SCREENSHOT_STEP) refuse(agentErrors.screenshotNotFound());
      return new Blob([Uint8Array.from(atob(SCREENSHOT.data), (c) => c.charCodeAt(0))], { type: SCREENSHOT.media_type });
    }),
    getPauseAgentTaskMockHandler(({ params }) => change(params, (s, u) => decidePause(s, cmd(u)))),
    getResumeAgentTaskMockHandler(({ params }) => change(params, (s, u) => decideResume(s, cmd(u)))),
    getStopAgentTaskMockHandler(({ params }) => change(params, (s, u) => decideStop(s, cmd(u)))),
    getConfirmAgentActionMockHandler(async ({ params, request }) => {
      const body = (await request.json()) as { step: number; approved: boolean };
      return change(params, (s, u) => decideConfirm(s, { ...cmd(u), step: body.step, approved: body.approved }));
    }),
  ];
}
