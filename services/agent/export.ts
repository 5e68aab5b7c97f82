// The person's agent tasks in their data export (docs/data-rights.md): each task with its steps,
// the tool calls kept on them and its screenshots (base64, as the extension took them).
import type { Db } from '../db/database.js';
import { own } from './tables.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export async function agentTasksExport(db: Db, userId: string) {
  const tasks = await own(db).selectFrom('agent_tasks').selectAll().where('owner_id', '=', userId).orderBy('created_at').execute();
  if (!tasks.length) return { tasks: [] };
  const ids = tasks.map((t) => t.task_uuid);
  const [steps, shots] = await Promise.all([
    own(db).selectFrom('agent_steps').selectAll().where('task_uuid', 'in', ids).orderBy('task_uuid').orderBy('step').execute(),
    own(db).selectFrom('agent_screenshots').selectAll().where('task_uuid', 'in', ids).orderBy('task_uuid').orderBy('step').execute(),
  ]);
  return {
    tasks: tasks.map((t) => ({
      task_uuid: t.task_uuid,
      task: t.task,
      url: t.url,
      status: t.status,
      summary: t.summary,
      failure: t.failure,
      created_at: iso(t.created_at),
      steps: steps
        .filter((s) => s.task_uuid === t.task_uuid)
        .map((s) => ({ step: s.step, method: s.method, summary: s.summary, error: s.error, tool_call: s.tool_call, at: iso(s.at) })),
      screenshots: shots
        .filter((s) => s.task_uuid === t.task_uuid)
        .map((s) => ({ step: s.step, media_type: s.media_type, width: s.width, height: s.height, data: s.data, at: iso(s.at) })),
    })),
  };
}
