// Reads of agent tasks from their read model. Every read of a person's task names the person:
// another person's task is never found.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function agentTaskOf(db: Db, ownerId: string, taskUuid: string) {
  return own(db).selectFrom('agent_tasks').selectAll().where('owner_id', '=', ownerId).where('task_uuid', '=', taskUuid).executeTakeFirst();
}

export async function agentStepsOf(db: Db, taskUuid: string) {
  return own(db).selectFrom('agent_steps').selectAll().where('task_uuid', '=', taskUuid).orderBy('step').limit(1000).execute();
}

export type AgentTaskRow = NonNullable<Awaited<ReturnType<typeof agentTaskOf>>>;
export type AgentStepRow = Awaited<ReturnType<typeof agentStepsOf>>[number];
