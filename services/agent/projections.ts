// The agent's tasks as a read model: one row per task with its status and the action waiting on
// the person, one row per step (with its tool call) and one per screenshot kept. Plain writes
// from the events' payloads, so they go out with their append.
import type { Compilable } from 'kysely';
import { preparedBuilt } from '../db/database.js';
import { type ProjectionStatement, statementsProjection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { AGENT_EVENTS, type AgentEvent } from './events.js';
import { type AgentTasksTable, own } from './tables.js';

type TaskChange = Partial<Pick<AgentTasksTable, 'status' | 'summary' | 'failure'>> & { pending_confirmation?: null };

const write = (...queries: Compilable[]): ProjectionStatement[] => queries.map((q) => ({ query: q.compile(), expectsRow: false }));

export const agentProjection = statementsProjection({
  name: 'agent',
  tables: ['agent_tasks', 'agent_steps', 'agent_screenshots'],
  handles: [...AGENT_EVENTS, 'AccountErased'],
  statements(db, event) {
    // A deleted account's tasks and their steps go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      const tasks = own(db).selectFrom('agent_tasks').select('task_uuid').where('owner_id', '=', userId);
      return write(
        preparedBuilt(own(db).deleteFrom('agent_steps').where('task_uuid', 'in', tasks)),
        preparedBuilt(own(db).deleteFrom('agent_screenshots').where('task_uuid', 'in', tasks)),
        preparedBuilt(own(db).deleteFrom('agent_tasks').where('owner_id', '=', userId)),
      );
    }
    const e = event as unknown as AgentEvent;
    const task = (set: TaskChange, at: string) =>
      preparedBuilt(
        own(db)
          .updateTable('agent_tasks')
          .set({ ...set, updated_at: at })
          .where('task_uuid', '=', e.data.task_uuid),
      );
    switch (e.type) {
      case 'AgentTaskStarted': {
        const d = e.data;
        return write(
          preparedBuilt(
            own(db)
              .insertInto('agent_tasks')
              .values({
                task_uuid: d.task_uuid,
                owner_id: d.owner_id,
                task: d.task,
                url: d.url,
                status: 'running',
                pending_confirmation: null,
                summary: null,
                failure: null,
                created_at: d.started_at,
                updated_at: d.started_at,
              })
              .onConflict((c) => c.column('task_uuid').doNothing()),
          ),
        );
      }
      case 'AgentStepRecorded': {
        const d = e.data;
        return write(
          preparedBuilt(
            own(db)
              .insertInto('agent_steps')
              .values({
                task_uuid: d.task_uuid,
                step: d.step,
                method: d.method,
                summary: d.summary,
                error: d.error,
                tool_call: d.tool_call ? JSON.stringify(d.tool_call) : null,
                at: d.at,
              })
              .onConflict((c) => c.columns(['task_uuid', 'step']).doNothing()),
          ),
          task({}, d.at),
        );
      }
      case 'AgentScreenshotKept': {
        const { task_uuid, step, media_type, width, height, data, at } = e.data;
        return write(
          preparedBuilt(
            own(db)
              .insertInto('agent_screenshots')
              .values({ task_uuid, step, media_type, width, height, data, at })
              .onConflict((c) => c.columns(['task_uuid', 'step']).doNothing()),
          ),
        );
      }
      case 'AgentTaskPaused':
        return write(task({ status: 'paused' }, e.data.at));
      case 'AgentTaskResumed':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('agent_tasks')
              .set((eb) => ({
                status: eb
                  .case()
                  .when('pending_confirmation', 'is not', null)
                  .then('awaiting_confirmation')
                  .else('running')
                  .end()
                  .$castTo<AgentTasksTable['status']>(),
                updated_at: e.data.at,
              }))
              .where('task_uuid', '=', e.data.task_uuid),
          ),
        );
      case 'AgentConfirmationRequested': {
        const { step, method, reason, description, at } = e.data;
        return write(
          preparedBuilt(
            own(db)
              .updateTable('agent_tasks')
              .set((eb) => ({
                status: eb.case().when('status', '=', 'paused').then('paused').else('awaiting_confirmation').end().$castTo<AgentTasksTable['status']>(),
                pending_confirmation: JSON.stringify({ step, method, reason, description }),
                updated_at: at,
              }))
              .where('task_uuid', '=', e.data.task_uuid),
          ),
        );
      }
      case 'AgentActionConfirmed':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('agent_tasks')
              .set((eb) => ({
                status: eb.case().when('status', '=', 'paused').then('paused').else('running').end().$castTo<AgentTasksTable['status']>(),
                pending_confirmation: null,
                updated_at: e.data.at,
              }))
              .where('task_uuid', '=', e.data.task_uuid),
          ),
        );
      case 'AgentTaskCompleted':
        return write(task({ status: 'completed', summary: e.data.summary, pending_confirmation: null }, e.data.at));
      case 'AgentTaskStopped':
        return write(task({ status: 'stopped', pending_confirmation: null }, e.data.at));
      case 'AgentTaskFailed':
        return write(task({ status: 'failed', failure: e.data.message, pending_confirmation: null }, e.data.at));
      default:
        return [];
    }
  },
});
