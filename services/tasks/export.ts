// The person's tasks in their data export (services/app/export-parts.ts): titles, prompts,
// schedules and alerts are theirs.
import type { Db } from '../db/database.js';
import { listTasks } from './queries.js';
import { taskView } from './views.js';

export async function tasksExport(db: Db, userId: string) {
  return { tasks: (await listTasks(db, userId)).map(taskView) };
}
