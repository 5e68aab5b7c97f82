// The caller's own tasks: each change asks the Actor who acts (a visitor is asked to sign in),
// builds the rule's command from it and answers the task as it is now. Another person's task id
// is not found, as an unknown id is not.
import { randomUUID } from 'node:crypto';
import type { Actor, ActingUser } from '../shared/actor.js';
import type { TasksContext } from './context.js';
import { checkAlertInput, checkAlertsAvailable } from './alert-availability.js';
import { decideCopy, decideCreate, decideDelete, decidePause, decideResume, decideUpdate, owned, type TaskInput, type TaskPatch } from './decide.js';
import { taskErrors } from './errors.js';
import type { TaskState } from './events.js';
import { ownedCounts, taskOf } from './queries.js';
import { changeTask, readTask } from './use-cases.js';

/** The signed-in caller's id; a visitor is asked to sign in. */
export async function taskOwner(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw taskErrors.unauthenticated();
  return userId;
}

/** The owner's task as the read model has it; anyone else's is not found. */
export async function ownTask(ctx: TasksContext, ownerId: string, taskId: string) {
  const row = await taskOf(ctx.db, ownerId, taskId);
  if (!row) throw taskErrors.notFound();
  return row;
}

/** The owner's command at this moment (asked again on each attempt of a change that raced another). */
const acting = (ctx: TasksContext, userId: string): ActingUser => ({ userId, now: ctx.now() });

/** What the caller's plan allows and what they keep now. */
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
async function changed(ctx: TasksContext, ownerId: string, taskId: string, decide: (s: TaskState) => { type: string; data: unknown }[]) {
  await changeTask(ctx.store, taskId, (s) => ({ events: decide(s), result: null }));
  return ownTask(ctx, ownerId, taskId);
}

export async function createOwnTask(ctx: TasksContext, actor: Actor, input: TaskInput) {
  const ownerId = await taskOwner(actor);
  if (input.task_type === 'ALERT') await checkAlertInput(ctx, input.alert);
  const taskId = randomUUID();
  const limits = await planned(ctx, actor, ownerId);
  const { result } = await changeTask(ctx.store, taskId, (s) => {
    const d = decideCreate(s, { ...acting(ctx, ownerId), taskId, input, ...catalogue(ctx), ...limits });
    return { events: d.events, result: d.fellBack };
  });
  logFallback(ctx, result, taskId, input.schedule?.kind);
  return ownTask(ctx, ownerId, taskId);
}

export async function updateOwnTask(ctx: TasksContext, actor: Actor, taskId: string, patch: TaskPatch) {
  const ownerId = await taskOwner(actor);
  if ((await ownTask(ctx, ownerId, taskId)).task_type === 'ALERT')
    if (patch.alert) await checkAlertInput(ctx, patch.alert);
    else checkAlertsAvailable(ctx);
  const { result } = await changeTask(ctx.store, taskId, (s) => {
    const d = decideUpdate(s, { ...acting(ctx, ownerId), patch, ...catalogue(ctx) });
    return { events: d.events, result: d.fellBack };
  });
  logFallback(ctx, result, taskId, patch.schedule?.kind);
  return ownTask(ctx, ownerId, taskId);
}

/** Deletes the caller's task; answers the task as it was. */
export async function deleteOwnTask(ctx: TasksContext, actor: Actor, taskId: string) {
  const ownerId = await taskOwner(actor);
  const before = await ownTask(ctx, ownerId, taskId);
  await changeTask(ctx.store, taskId, (s) => ({ events: decideDelete(s, acting(ctx, ownerId)), result: null }));
  return before;
}

export async function pauseOwnTask(ctx: TasksContext, actor: Actor, taskId: string) {
  const ownerId = await taskOwner(actor);
  return changed(ctx, ownerId, taskId, (s) => decidePause(s, acting(ctx, ownerId)));
}

export async function resumeOwnTask(ctx: TasksContext, actor: Actor, taskId: string) {
  const ownerId = await taskOwner(actor);
  if ((await ownTask(ctx, ownerId, taskId)).task_type === 'ALERT') checkAlertsAvailable(ctx);
  return changed(ctx, ownerId, taskId, (s) => decideResume(s, acting(ctx, ownerId)));
}

/** A new task like the caller's own one (a shortcut's draft fills what the original lacks). */
export async function copyOwnTask(ctx: TasksContext, actor: Actor, taskId: string) {
  const ownerId = await taskOwner(actor);
  const original = await readTask(ctx.store, taskId);
  owned(original, ownerId);
  if (original.task?.type === 'ALERT') checkAlertsAvailable(ctx);
  const copyId = randomUUID();
  const limits = await planned(ctx, actor, ownerId);
  await changeTask(ctx.store, copyId, (s) => {
    if (s.task) throw taskErrors.notFound();
    const d = decideCopy(original, {
      ...acting(ctx, ownerId),
      taskId: copyId,
      input: { task_type: 'SHORTCUT', query: { prompt: '' } },
      ...catalogue(ctx),
      ...limits,
    });
    return { events: d.events, result: null };
  });
  return ownTask(ctx, ownerId, copyId);
}

/** Starts a run of the caller's active shortcut now. */
export async function runOwnTask(ctx: TasksContext, actor: Actor, taskId: string) {
  const ownerId = await taskOwner(actor);
  const row = await ownTask(ctx, ownerId, taskId);
  if (row.task_type !== 'SHORTCUT') throw taskErrors.notAShortcut();
  if (row.status !== 'ACTIVE') throw taskErrors.notActive();
  await ctx.taskRuns.start({ taskId: row.task_id, occurrenceKey: `now-${randomUUID()}` });
  return ownTask(ctx, ownerId, taskId);
}
