// The person's tasks over HTTP (spec/paths/tasks.yaml). Every call is about the caller's own
// tasks: another person's task id answers 404 `task_not_found` as an unknown id would; a visitor
// is asked to sign in. A schedule that fell back to once is logged (seed 003 §5).
import type { Task } from '../../generated/sdk/types.gen.js';
import type { DomainRoutes } from '../http/handler.js';
import type { TasksContext } from './context.js';
import type { TaskInput, TaskPatch } from './decide.js';
import { copyOwnTask, createOwnTask, deleteOwnTask, ownTask, pauseOwnTask, resumeOwnTask, runOwnTask, taskOwner, updateOwnTask } from './own-tasks.js';
import { listTasks, type TaskRow } from './queries.js';
import { TRIGGER_LABELS, taskView } from './views.js';

type Action = 'created' | 'updated' | 'paused' | 'resumed' | 'deleted' | 'copied' | 'skipped' | 'started';

const change = (task: Task, action: Action) => ({
  task,
  action,
  message: `${TRIGGER_LABELS[task.task_type]} ${action === 'started' ? 'run started' : action}`,
});

const changed = (row: TaskRow, action: Action) => change(taskView(row), action);

export const taskRoutes = {
  async listTasks({ actor, query }, ctx) {
    const ownerId = await taskOwner(actor);
    return { status: 200, body: { tasks: (await listTasks(ctx.db, ownerId, query.task_type)).map(taskView) } };
  },

  async getTask({ actor, path }, ctx) {
    return { status: 200, body: taskView(await ownTask(ctx, await taskOwner(actor), path.task_id)) };
  },

  async createTask({ actor, body }, ctx) {
    return { status: 201, body: changed(await createOwnTask(ctx, actor, body as TaskInput), 'created') };
  },

  async updateTask({ actor, path, body }, ctx) {
    return { status: 200, body: changed(await updateOwnTask(ctx, actor, path.task_id, body as TaskPatch), 'updated') };
  },

  async deleteTask({ actor, path }, ctx) {
    return { status: 200, body: changed(await deleteOwnTask(ctx, actor, path.task_id), 'deleted') };
  },

  async pauseTask({ actor, path }, ctx) {
    return { status: 200, body: changed(await pauseOwnTask(ctx, actor, path.task_id), 'paused') };
  },

  async resumeTask({ actor, path }, ctx) {
    return { status: 200, body: changed(await resumeOwnTask(ctx, actor, path.task_id), 'resumed') };
  },

  async copyTask({ actor, path }, ctx) {
    return { status: 201, body: changed(await copyOwnTask(ctx, actor, path.task_id), 'copied') };
  },

  async runTask({ actor, path }, ctx) {
    return { status: 202, body: changed(await runOwnTask(ctx, actor, path.task_id), 'started') };
  },
} satisfies DomainRoutes<TasksContext>;
