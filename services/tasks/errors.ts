// The tasks' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { TASK_TITLE_MAX } from './limits.js';

export const taskErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  // Another person's task is answered exactly as a task that does not exist.
  notFound: () => new DomainError('not_found', 'task_not_found', 'This task does not exist.'),
  unknownTaskType: () => new DomainError('invalid', 'unknown_task_type', 'A task is SCHEDULE, ALERT or SHORTCUT.'),
  unknownScheduleKind: (kind: string) =>
    new DomainError(
      'invalid',
      'unknown_schedule_kind',
      `"${String(kind).slice(0, 40)}" is not a schedule: choose ONCE, DAILY, WEEKLY, WEEKDAYS, MONTHLY or YEARLY.`,
    ),
  invalidSchedule: (why: string) => new DomainError('invalid', 'invalid_schedule', why),
  impossibleDate: () => new DomainError('invalid', 'impossible_date', 'That date does not exist.'),
  invalidTimeZone: () => new DomainError('invalid', 'invalid_time_zone', 'Choose a time zone such as Europe/Paris.'),
  scheduleRequired: () => new DomainError('invalid', 'schedule_required', 'A scheduled task needs a schedule.'),
  alertRequired: () => new DomainError('invalid', 'alert_required', 'A price alert needs a symbol and a price or a move.'),
  invalidSymbol: () => new DomainError('invalid', 'invalid_symbol', 'Write a stock symbol such as AAPL.'),
  symbolConflict: () => new DomainError('invalid', 'alert_symbol_conflict', 'event_entity and symbol name different stocks: send one of them.'),
  invalidPrice: () => new DomainError('invalid', 'invalid_price', 'The target price must be more than 0.'),
  boundsReversed: () => new DomainError('invalid', 'alert_bounds_reversed', 'The lower bound must be below the upper bound.'),
  invalidBounds: () => new DomainError('invalid', 'invalid_alert_bounds', 'Give a lower or an upper bound, each a percentage.'),
  titleRequired: () => new DomainError('invalid', 'task_title_required', 'A shortcut needs a title.'),
  titleTooLong: () => new DomainError('invalid', 'task_title_too_long', `Keep a title to ${TASK_TITLE_MAX} characters or fewer.`),
  promptBlank: () => new DomainError('invalid', 'task_prompt_blank', 'Write the question the task asks.'),
  promptTooLong: (max: number) => new DomainError('invalid', 'query_too_long', `A question can be at most ${max} characters.`),
  unknownModel: () => new DomainError('invalid', 'unknown_model', 'This model is not available here.'),
  invalidSources: () => new DomainError('invalid', 'invalid_sources', 'Choose the sources among web and help.'),
  invalidExpiry: () => new DomainError('invalid', 'invalid_expiry', 'The expiry date is not a date.'),
  notAShortcut: () => new DomainError('conflict', 'task_not_a_shortcut', 'Only a shortcut runs on demand.'),
  notActive: () => new DomainError('conflict', 'task_paused', 'This task is paused: resume it to run it.'),
  tasksLimit: (max: number) => new DomainError('forbidden', 'task_limit_reached', `Your plan keeps up to ${max} tasks. Delete one or upgrade to add more.`),
  alertsLimit: (max: number) =>
    new DomainError('forbidden', 'price_alert_limit_reached', `Your plan keeps up to ${max} price alerts. Delete one or upgrade to add more.`),
};
