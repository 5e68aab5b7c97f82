// Reads of tasks from their read model. Every read of a person's tasks names the person: another
// person's task is never found. The scheduler's read uses the partial index of due tasks only.
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import { own } from './tables.js';

export type TaskRow = Awaited<ReturnType<typeof taskOf>> & {};

export async function listTasks(db: Db | Trx, ownerId: string, type?: 'SCHEDULE' | 'ALERT' | 'SHORTCUT') {
  let q = own(db).selectFrom('tasks').selectAll().where('owner_id', '=', ownerId);
  if (type) q = q.where('task_type', '=', type);
  return q.orderBy('created_at', 'desc').orderBy('task_id').limit(1000).execute();
}

export async function taskOf(db: Db | Trx, ownerId: string, taskId: string) {
  return own(db).selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).where('task_id', '=', taskId).executeTakeFirst();
}

/** How many tasks (scheduled and shortcuts) and price alerts the person keeps. */
export async function ownedCounts(db: Db | Trx, ownerId: string) {
  const rows = await own(db)
    .selectFrom('tasks')
    .select(['task_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('owner_id', '=', ownerId)
    .groupBy('task_type')
    .execute();
  const n = (t: string) => Number(rows.find((r) => r.task_type === t)?.n ?? 0);
  return { tasks: n('SCHEDULE') + n('SHORTCUT'), price_alerts: n('ALERT') };
}

/** Active tasks whose next run has come, earliest first (the partial index tasks_due_idx). */
export async function dueTasks(db: Db, now: Date, limit: number) {
  return own(db)
    .selectFrom('tasks')
    .select(['task_id', 'next_run_at'])
    .where('status', '=', 'ACTIVE')
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
}

export type ActivePriceAlert = {
  task_id: string;
  owner_id: string;
  symbol: string;
  alert_type: 'STOCK_PRICE_TARGET' | 'STOCK_PRICE_MOVEMENT';
  price: number | null;
  value_lower_bound: number | null;
  value_upper_bound: number | null;
};

/** Every active price alert, for the quote checker (services/market). */
export async function activePriceAlerts(db: Db): Promise<ActivePriceAlert[]> {
  const rows = await own(db)
    .selectFrom('tasks')
    .select(['task_id', 'owner_id', 'symbol', 'alert_type', 'price', 'value_lower_bound', 'value_upper_bound'])
    .where('task_type', '=', 'ALERT')
    .where('status', '=', 'ACTIVE')
    .orderBy('symbol')
    .execute();
  return rows.map((r) => ({ ...r, symbol: r.symbol ?? '', alert_type: r.alert_type ?? 'STOCK_PRICE_TARGET' }));
}
