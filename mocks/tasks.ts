// The person's tasks in the mock API: the server's rules (services/tasks/decide.ts) over each
// task's events, kept in the scenario, and the view the server's projection and views.ts would
// give, so the answers, codes, texts and schedules are the server's. The mocks run nothing: a
// shortcut run is recorded as started, and no scheduled run comes.
import {
  getCopyTaskMockHandler,
  getCreateTaskMockHandler,
  getDeleteTaskMockHandler,
  getGetTaskMockHandler,
  getListTasksMockHandler,
  getPauseTaskMockHandler,
  getResumeTaskMockHandler,
  getRunTaskMockHandler,
  getUpdateTaskMockHandler,
} from '../generated/msw/tasks/tasks.msw';
import type { Task, TaskChange, TaskInput, TaskPatch } from '../generated/react-query/model';
import { DEFAULT_TASK_LIMITS } from '../services/shared/plan-catalogue';
import {
  decideCopy,
  decideCreate,
  decideDelete,
  decidePause,
  decideResume,
  decideStartRun,
  decideUpdate,
  owned,
  taskErrors,
  type TaskRow,
  taskView,
  TRIGGER_LABELS,
} from '../services/tasks/pure';
import { ALL_CHANNELS, evolveTask, initialTask, type TaskEvent, type TaskState } from '../services/tasks/events';
import { MOCK_MODELS } from './account-settings';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

const at = (e: TaskEvent) => Object.entries(e.data).find(([k]) => k.endsWith('_at') && k !== 'next_run_at' && k !== 'expires_at')?.[1] as string;

/** The row services/tasks/projections.ts would write, or null once deleted. */
export function taskRow(events: readonly TaskEvent[]): TaskRow | null {
  const state = events.reduce<TaskState>((s, e) => evolveTask(s, e), initialTask);
  const t = state.task;
  if (!t || state.deleted) return null;
  const created = events[0] as Extract<TaskEvent, { type: 'TaskCreated' }>;
  const last = events.findLast((e) => e.type.startsWith('TaskRun'));
  const status = !last
    ? null
    : last.type === 'TaskRunStarted'
      ? 'running'
      : last.type === 'TaskRunSucceeded'
        ? 'succeeded'
        : last.type === 'TaskRunFailed'
          ? 'failed'
          : 'skipped';
  const a = t.alert;
  return {
    task_id: t.task_id,
    owner_id: t.owner_id,
    task_type: t.type,
    status: t.status,
    title: t.title,
    prompt: t.query.prompt,
    search_model: t.query.search_model,
    sources: t.query.sources,
    schedule_kind: t.schedule?.kind ?? null,
    rrule: t.schedule?.rrule ?? null,
    start_at: t.schedule ? new Date(t.schedule.start_at) : null,
    tzid: t.schedule?.tzid ?? null,
    expires_at: t.expires_at ? new Date(t.expires_at) : null,
    alert_type: a?.alert_type ?? null,
    symbol: a?.symbol ?? null,
    price: a?.alert_type === 'STOCK_PRICE_TARGET' ? a.price : null,
    currency: a?.alert_type === 'STOCK_PRICE_TARGET' ? a.currency : null,
    value_lower_bound: a?.alert_type === 'STOCK_PRICE_MOVEMENT' ? a.value_lower_bound : null,
    value_upper_bound: a?.alert_type === 'STOCK_PRICE_MOVEMENT' ? a.value_upper_bound : null,
    next_run_at: t.next_run_at ? new Date(t.next_run_at) : null,
    last_run_status: status,
    last_run_at: last ? new Date(at(last)) : null,
    last_run_reason: last?.type === 'TaskRunFailed' || last?.type === 'TaskRunSkipped' ? last.data.reason : null,
    thread_slug:
      (events.findLast((e) => e.type === 'TaskRunSucceeded') as Extract<TaskEvent, { type: 'TaskRunSucceeded' }> | undefined)?.data.thread_slug ?? null,
    copied_from: created.data.copied_from,
    notify_email: (t.notification_settings ?? ALL_CHANNELS).should_send_email,
    notify_in_app: (t.notification_settings ?? ALL_CHANNELS).should_send_in_app,
    notify_push: (t.notification_settings ?? ALL_CHANNELS).should_send_push,
    created_at: new Date(created.data.created_at),
    updated_at: new Date(at(events.findLast((e) => !e.type.startsWith('TaskRun')) ?? created)),
  };
}

export function taskHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const tasks = () => (opts.state().tasks ??= {});
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(taskErrors.unauthenticated());
    return user;
  };
  const stateOf = (taskId: string) => (tasks()[taskId] ?? []).reduce<TaskState>((s, e) => evolveTask(s, e), initialTask);
  const rowsOf = (ownerId: string) =>
    Object.values(tasks())
      .map(taskRow)
      .filter((r): r is TaskRow => !!r && r.owner_id === ownerId)
      .sort((a, b) => +b.created_at - +a.created_at);
  const catalogue = { models: MOCK_MODELS, defaultModel: MOCK_MODELS[0].id };
  const limited = (ownerId: string) => {
    const rows = rowsOf(ownerId);
    return {
      counts: { tasks: rows.filter((r) => r.task_type !== 'ALERT').length, price_alerts: rows.filter((r) => r.task_type === 'ALERT').length },
      limits: DEFAULT_TASK_LIMITS.free,
    };
  };
  const append = (taskId: string, events: TaskEvent[]) => {
    (tasks()[taskId] ??= []).push(...events);
    if (events.length) opts.changed();
  };
  const view = (taskId: string, ownerId: string): Task => {
    const row = taskRow(tasks()[taskId] ?? []);
    if (!row || row.owner_id !== ownerId) refuse(taskErrors.notFound());
    return taskView(row);
  };
  const change = (task: Task, action: TaskChange['action']): TaskChange => ({
    task,
    action,
    message: `${TRIGGER_LABELS[task.task_type]} ${action === 'started' ? 'run started' : action}`,
  });
  const own = (taskId: string, decide: (s: TaskState, who: { userId: string; now: Date }) => TaskEvent[], action: TaskChange['action']) => {
    const user = signedIn();
    const before = action === 'deleted' ? view(taskId, user.id) : null;
    append(
      taskId,
      ruled(() => decide(stateOf(taskId), { userId: user.id, now: new Date() })),
    );
    return change(before ?? view(taskId, user.id), action);
  };
  const idOf = (params: Record<string, unknown>) => String(params.taskId);

  return [
    getListTasksMockHandler(({ request }) => {
      const type = new URL(request.url).searchParams.get('task_type');
      return {
        tasks: rowsOf(signedIn().id)
          .filter((r) => !type || r.task_type === type)
          .map(taskView),
      };
    }),
    getGetTaskMockHandler(({ params }) => view(idOf(params), signedIn().id)),
    getCreateTaskMockHandler(async ({ request }) => {
      const user = signedIn();
      const input = (await request.json()) as TaskInput;
      const taskId = crypto.randomUUID();
      append(
        taskId,
        ruled(() => decideCreate(initialTask, { userId: user.id, now: new Date(), taskId, input, ...catalogue, ...limited(user.id) }).events),
      );
      return change(view(taskId, user.id), 'created');
    }),
    getUpdateTaskMockHandler(async ({ params, request }) => {
      const patch = (await request.json()) as TaskPatch;
      return own(idOf(params), (s, who) => decideUpdate(s, { ...who, patch, ...catalogue }).events, 'updated');
    }),
    getDeleteTaskMockHandler(({ params }) => own(idOf(params), (s, who) => decideDelete(s, who), 'deleted')),
    getPauseTaskMockHandler(({ params }) => own(idOf(params), (s, who) => decidePause(s, who), 'paused')),
    getResumeTaskMockHandler(({ params }) => own(idOf(params), (s, who) => decideResume(s, who), 'resumed')),
    getCopyTaskMockHandler(({ params }) => {
      const user = signedIn();
      const original = stateOf(idOf(params));
      ruled(() => owned(original, user.id));
      const taskId = crypto.randomUUID();
      const cmd = { userId: user.id, now: new Date(), taskId, input: { task_type: 'SHORTCUT', query: { prompt: '' } }, ...catalogue, ...limited(user.id) };
      append(
        taskId,
        ruled(() => decideCopy(original, cmd).events),
      );
      return change(view(taskId, user.id), 'copied');
    }),
    getRunTaskMockHandler(({ params }) => {
      const user = signedIn();
      const task = view(idOf(params), user.id);
      if (task.task_type !== 'SHORTCUT') refuse(taskErrors.notAShortcut());
      if (task.status !== 'ACTIVE') refuse(taskErrors.notActive());
      append(task.task_id, decideStartRun(stateOf(task.task_id), { occurrenceKey: `now-${crypto.randomUUID()}`, now: new Date() }).events);
      return change(view(task.task_id, user.id), 'started');
    }),
  ];
}
