// The tasks as a read model: one row per task kept, with its next run (the scheduler's partial
// index) and how its last run went.
import type { AccountErased } from '../identity/events.js';
import type { Compilable } from 'kysely';
import { preparedBuilt } from '../db/database.js';
import { type ProjectionStatement, statementsProjection } from '../eventstore/types.js';
import { ALL_CHANNELS, TASK_EVENTS, type TaskDefinition, type TaskEvent } from './events.js';
import { own } from './tables.js';

function columns(d: TaskDefinition) {
  const a = d.alert;
  return {
    task_type: d.type,
    title: d.title,
    prompt: d.query.prompt,
    search_model: d.query.search_model,
    sources: d.query.sources,
    schedule_kind: d.schedule?.kind ?? null,
    rrule: d.schedule?.rrule ?? null,
    start_at: d.schedule?.start_at ?? null,
    tzid: d.schedule?.tzid ?? null,
    expires_at: d.expires_at,
    alert_type: a?.alert_type ?? null,
    symbol: a?.symbol ?? null,
    price: a?.alert_type === 'STOCK_PRICE_TARGET' ? a.price : null,
    currency: a?.alert_type === 'STOCK_PRICE_TARGET' ? a.currency : null,
    value_lower_bound: a?.alert_type === 'STOCK_PRICE_MOVEMENT' ? a.value_lower_bound : null,
    value_upper_bound: a?.alert_type === 'STOCK_PRICE_MOVEMENT' ? a.value_upper_bound : null,
    next_run_at: d.next_run_at,
    notify_email: (d.notification_settings ?? ALL_CHANNELS).should_send_email,
    notify_in_app: (d.notification_settings ?? ALL_CHANNELS).should_send_in_app,
    notify_push: (d.notification_settings ?? ALL_CHANNELS).should_send_push,
  };
}

const write = (query: Compilable): ProjectionStatement[] => [{ query: query.compile(), expectsRow: false }];

/** Plain writes from the events' payloads, so a task's changes (a run's start and end) go out with their append. */
export const tasksProjection = statementsProjection({
  name: 'tasks',
  tables: ['tasks'],
  handles: [...TASK_EVENTS, 'AccountErased'],
  statements(db, event) {
    // A deleted account's tasks go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      return write(
        preparedBuilt(
          own(db)
            .deleteFrom('tasks')
            .where('owner_id', '=', (event.data as AccountErased['data']).user_id),
        ),
      );
    }
    const e = event as unknown as TaskEvent;
    switch (e.type) {
      case 'TaskCreated': {
        const d = e.data;
        return write(
          preparedBuilt(
            own(db)
              .insertInto('tasks')
              .values({
                task_id: d.task_id,
                owner_id: d.owner_id,
                status: 'ACTIVE',
                ...columns(d),
                copied_from: d.copied_from,
                created_at: d.created_at,
                updated_at: d.created_at,
              }),
          ),
        );
      }
      case 'TaskUpdated':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ ...columns(e.data), updated_at: e.data.updated_at })
              .where('task_id', '=', e.data.task_id),
          ),
        );
      case 'TaskPaused':
        return write(preparedBuilt(own(db).updateTable('tasks').set({ status: 'PAUSED', updated_at: e.data.paused_at }).where('task_id', '=', e.data.task_id)));
      case 'TaskResumed':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ status: 'ACTIVE', next_run_at: e.data.next_run_at, updated_at: e.data.resumed_at })
              .where('task_id', '=', e.data.task_id),
          ),
        );
      case 'TaskDeleted':
        return write(preparedBuilt(own(db).deleteFrom('tasks').where('task_id', '=', e.data.task_id)));
      case 'TaskRunStarted':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ next_run_at: e.data.next_run_at, last_run_status: 'running', last_run_at: e.data.started_at, last_run_reason: null })
              .where('task_id', '=', e.data.task_id),
          ),
        );
      case 'TaskRunSucceeded':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ last_run_status: 'succeeded', last_run_at: e.data.finished_at, last_run_reason: null, thread_slug: e.data.thread_slug })
              .where('task_id', '=', e.data.task_id),
          ),
        );
      case 'TaskRunFailed':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ last_run_status: 'failed', last_run_at: e.data.finished_at, last_run_reason: e.data.reason })
              .where('task_id', '=', e.data.task_id),
          ),
        );
      case 'TaskRunSkipped':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('tasks')
              .set({ next_run_at: e.data.next_run_at, last_run_status: 'skipped', last_run_at: e.data.skipped_at, last_run_reason: e.data.reason })
              .where('task_id', '=', e.data.task_id),
          ),
        );
    }
    return [];
  },
});
