// The person's tasks over HTTP (spec/paths/tasks.yaml). Every call is about the caller's own
// tasks: another person's task id answers 404 `task_not_found` as an unknown id would; a visitor
// is asked to sign in. A schedule that fell back to once is logged (seed 003 §5).
import { randomUUID } from 'node:crypto';
import type { Task } from '../../generated/sdk/types.gen.js';
import type { DomainRoutes } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import type { Actor } from '../shared/actor.js';
import type { TasksContext } from './context.js';
import { decideCopy, decideCreate, decideDelete, decidePause, decideResume, decideUpdate, owned, type TaskInput, type TaskPatch } from './decide.js';
import { checkAlertInput, checkAlertsAvailable } from './alert-availability.js';
import { taskErrors } from './errors.js';
import type { TaskState } from './events.js';
import { listTasks, ownedCounts, taskOf } from './queries.js';
import { changeTask, readTask } from './use-cases.js';
import { TRIGGER_LABELS, taskView } from './views.js';

const signedIn = signedInOr(taskErrors.unauthenticated);

async function found(ctx: TasksContext, ownerId: string, taskId: string) {
  const row = await taskOf(ctx.db, ownerId, taskId);
  if (!row) throw taskErrors.notFound();
  return row;
}

type Action = 'created' | 'updated' | 'paused' | 'resumed' | 'deleted' | 'copied' | 'skipped' | 'started';

const change = (task: Task, action: Action) => ({
  task,
  action,
  message: `${TRIGGER_LABELS[task.task_type]} ${action === 'started' ? 'run started' : action}`,
});

async function planned(ctx: TasksContext, actor: Actor, ownerId: string) {
  const plan = await actor.plan();
  const { tasks, price_alerts } = ctx.config.billing.plans[plan].limits;
  return { counts: await ownedCounts(ctx.db, ownerId), limits: { tasks, price_alerts } };
}

const catalogue = (ctx: TasksContext) => ({ models: ctx.config.answerModels, defaultModel: ctx.config.answerModels[0].id });

function logFallback(ctx: TasksContext, fellBack: boolean, taskId: string, kind: unknown) {
  if (fellBack) ctx.logger.error({ taskId, kind }, 'schedule is missing a field its kind needs; it falls back to once');
}

/** A change of the caller's task, then the task as it is now. */
async function changed(ctx: TasksContext, ownerId: string, taskId: string, decide: (s: TaskState) => { type: string; data: unknown }[], action: Action) {
  await changeTask(ctx.store, taskId, (s) => ({ events: decide(s), result: null }));
  return { status: 200 as const, body: change(taskView(await found(ctx, ownerId, taskId)), action) };
}

export const taskRoutes = {
  async listTasks({ actor, query }, ctx) {
    const ownerId = await signedIn(actor);
    return { status: 200, body: { tasks: (await listTasks(ctx.db, ownerId, query.task_type)).map(taskView) } };
  },

  async getTask({ actor, path }, ctx) {
    return { status: 200, body: taskView(await found(ctx, await signedIn(actor), path.task_id)) };
  },

  async createTask({ actor, body }, ctx) {
    const ownerId = await signedIn(actor);
    if (body.task_type === 'ALERT') await checkAlertInput(ctx, body.alert as TaskInput['alert']);
    const taskId = randomUUID();
    const limits = await planned(ctx, actor, ownerId);
    const { result } = await changeTask(ctx.store, taskId, (s) => {
      const d = decideCreate(s, { userId: ownerId, now: ctx.now(), taskId, input: body as TaskInput, ...catalogue(ctx), ...limits });
      return { events: d.events, result: d.fellBack };
    });
    logFallback(ctx, result, taskId, body.schedule?.kind);
    return { status: 201, body: change(taskView(await found(ctx, ownerId, taskId)), 'created') };
  },

  async updateTask({ actor, path, body }, ctx) {
    const ownerId = await signedIn(actor);
    if ((await found(ctx, ownerId, path.task_id)).task_type === 'ALERT')
      if (body.alert) await checkAlertInput(ctx, body.alert as TaskInput['alert']);
      else checkAlertsAvailable(ctx);
    const { result } = await changeTask(ctx.store, path.task_id, (s) => {
      const d = decideUpdate(s, { userId: ownerId, now: ctx.now(), patch: body as TaskPatch, ...catalogue(ctx) });
      return { events: d.events, result: d.fellBack };
    });
    logFallback(ctx, result, path.task_id, body.schedule?.kind);
    return { status: 200, body: change(taskView(await found(ctx, ownerId, path.task_id)), 'updated') };
  },

  async deleteTask({ actor, path }, ctx) {
    const ownerId = await signedIn(actor);
    const before = taskView(await found(ctx, ownerId, path.task_id));
    await changeTask(ctx.store, path.task_id, (s) => ({ events: decideDelete(s, { userId: ownerId, now: ctx.now() }), result: null }));
    return { status: 200, body: change(before, 'deleted') };
  },

  async pauseTask({ actor, path }, ctx) {
    const ownerId = await signedIn(actor);
    return changed(ctx, ownerId, path.task_id, (s) => decidePause(s, { userId: ownerId, now: ctx.now() }), 'paused');
  },

  async resumeTask({ actor, path }, ctx) {
    const ownerId = await signedIn(actor);
    if ((await found(ctx, ownerId, path.task_id)).task_type === 'ALERT') checkAlertsAvailable(ctx);
    return changed(ctx, ownerId, path.task_id, (s) => decideResume(s, { userId: ownerId, now: ctx.now() }), 'resumed');
  },

  async copyTask({ actor, path }, ctx) {
    const ownerId = await signedIn(actor);
    const original = await readTask(ctx.store, path.task_id);
    owned(original, ownerId);
    if (original.task?.type === 'ALERT') checkAlertsAvailable(ctx);
    const taskId = randomUUID();
    const limits = await planned(ctx, actor, ownerId);
    await changeTask(ctx.store, taskId, (s) => {
      if (s.task) throw taskErrors.notFound();
      const d = decideCopy(original, {
        userId: ownerId,
        now: ctx.now(),
        taskId,
        input: { task_type: 'SHORTCUT', query: { prompt: '' } },
        ...catalogue(ctx),
        ...limits,
      });
      return { events: d.events, result: null };
    });
    return { status: 201, body: change(taskView(await found(ctx, ownerId, taskId)), 'copied') };
  },

  async runTask({ actor, path }, ctx) {
    const ownerId = await signedIn(actor);
    const row = await found(ctx, ownerId, path.task_id);
    if (row.task_type !== 'SHORTCUT') throw taskErrors.notAShortcut();
    if (row.status !== 'ACTIVE') throw taskErrors.notActive();
    await ctx.taskRuns.start({ taskId: row.task_id, occurrenceKey: `now-${randomUUID()}` });
    return { status: 202, body: change(taskView(await found(ctx, ownerId, path.task_id)), 'started') };
  },
} satisfies DomainRoutes<TasksContext>;
