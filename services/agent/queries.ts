// Reads of agent tasks from their read model. Every read of a person's task names the person:
// another person's task is never found.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function agentTaskOf(db: Db, ownerId: string, taskUuid: string) {
  return own(db).selectFrom('agent_tasks').selectAll().where('owner_id', '=', ownerId).where('task_uuid', '=', taskUuid).executeTakeFirst();
}

/** A task's steps, each with what its kept screenshot is (its bytes are read one at a time, by agentScreenshotOf). */
export async function agentStepsOf(db: Db, taskUuid: string) {
  return own(db)
    .selectFrom('agent_steps as s')
    .leftJoin('agent_screenshots as p', (j) => j.onRef('p.task_uuid', '=', 's.task_uuid').onRef('p.step', '=', 's.step'))
    .selectAll('s')
    .select(['p.media_type as screenshot_media_type', 'p.width as screenshot_width', 'p.height as screenshot_height'])
    .where('s.task_uuid', '=', taskUuid)
    .orderBy('s.step')
    .limit(1000)
    .execute();
}

/** The screenshot a step of the person's own task kept: another person's is never found. */
export async function agentScreenshotOf(db: Db, ownerId: string, taskUuid: string, step: number) {
  return own(db)
    .selectFrom('agent_screenshots as p')
    .innerJoin('agent_tasks as t', 't.task_uuid', 'p.task_uuid')
    .select(['p.media_type', 'p.data'])
    .where('t.owner_id', '=', ownerId)
    .where('p.task_uuid', '=', taskUuid)
    .where('p.step', '=', step)
    .executeTakeFirst();
}

export type AgentTaskRow = NonNullable<Awaited<ReturnType<typeof agentTaskOf>>>;
export type AgentStepRow = Awaited<ReturnType<typeof agentStepsOf>>[number];
