// A task as the API shows it (spec/components/schemas/Task.yaml).
import type { Task } from '../../generated/sdk/types.gen.js';
import type { TaskRow } from './queries.js';
import type { ScheduleKind } from './schedule.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const TRIGGER_LABELS = { SCHEDULE: 'Scheduled task', ALERT: 'Price alert', SHORTCUT: 'Shortcut' } as const;

export const taskView = (t: TaskRow): Task => ({
  task_id: t.task_id,
  task_type: t.task_type,
  status: t.status,
  title: t.title,
  query: { prompt: t.prompt, searchModel: t.search_model, sources: t.sources },
  schedule:
    t.schedule_kind && t.rrule && t.start_at && t.tzid
      ? { kind: t.schedule_kind as ScheduleKind, rrule: t.rrule, start_at: iso(t.start_at) as string, tzid: t.tzid }
      : null,
  expiryDate: iso(t.expires_at),
  alert:
    t.alert_type && t.symbol
      ? {
          alertType: t.alert_type,
          event_entity: t.symbol,
          symbol: t.symbol,
          price: t.price,
          currency: t.currency,
          value_lower_bound: t.value_lower_bound,
          value_upper_bound: t.value_upper_bound,
        }
      : null,
  next_run_at: iso(t.next_run_at),
  last_run: t.last_run_status ? { status: t.last_run_status, at: iso(t.last_run_at), reason: t.last_run_reason, thread_url_slug: t.thread_slug } : null,
  thread_url_slug: t.thread_slug,
  copied_from: t.copied_from,
  notificationSettings: { should_send_email: t.notify_email, should_send_in_app: t.notify_in_app, should_send_push: t.notify_push },
  created_at: iso(t.created_at) as string,
  updated_at: iso(t.updated_at) as string,
});
