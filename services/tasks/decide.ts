// Pure rules of a task: what it may be (type, query, schedule, alert), who may change it, how
// many a plan keeps, and when it runs next. The clock, the new id, the models and the plan's
// limits come in with the command; each decision returns the events to append or throws.
import type { ActingUser } from '../shared/actor.js';
import type { ModelChoice } from '../shared/answer-models.js';
import { taskErrors } from './errors.js';
import {
  ALERT_TYPES,
  ALL_CHANNELS,
  TASK_TYPES,
  type TaskAlert,
  type TaskCreated,
  type TaskDefinition,
  type TaskDeleted,
  type TaskPaused,
  type TaskNotificationSettings,
  type TaskQuery,
  type TaskResumed,
  type TaskRunFailed,
  type TaskRunSkipped,
  type TaskRunStarted,
  type TaskRunSucceeded,
  type TaskState,
  type TaskType,
  type TaskUpdated,
} from './events.js';
import { parseSymbol } from '../shared/ticker-symbol.js';
import { TASK_PROMPT_MAX, TASK_SOURCES, TASK_TITLE_MAX } from './limits.js';
import { type Schedule, type ScheduleInput, defaultExpiry, effectiveExpiry, firstRun, isPreviewModel, nextRunAfter, parseSchedule } from './schedule.js';

export type AlertInput = {
  alertType: string;
  /** The stock (seed 003's alert subscription field); `symbol` is its older alias. */
  event_entity?: string | null;
  symbol?: string | null;
  price?: number | null;
  currency?: string | null;
  value_lower_bound?: number | null;
  value_upper_bound?: number | null;
};

/** A task's channels as sent: any left out is on. */
export type NotificationSettingsInput = Partial<TaskNotificationSettings>;

/** A task as the modals send it (seed 003 §3 Task draft). */
export type TaskInput = {
  task_type: string;
  title?: string | null;
  query: { prompt?: string | null; searchModel?: string | null; sources?: string[] | null };
  schedule?: ScheduleInput | null;
  tzid?: string | null;
  expiryDate?: string | null;
  alert?: AlertInput | null;
  notificationSettings?: NotificationSettingsInput | null;
};

/** Changes to a task: any field left out stays as it is. */
export type TaskPatch = Partial<Omit<TaskInput, 'task_type' | 'query'>> & { query?: Partial<TaskInput['query']> };

export type PlanTaskLimits = { tasks: number; price_alerts: number };
/** How many the owner keeps now: tasks (scheduled and shortcuts) and price alerts. */
export type OwnedCounts = { tasks: number; price_alerts: number };

type Catalogue = { models: readonly ModelChoice[]; defaultModel: string };

const chars = (s: string) => [...s].length;
const titleFrom = (prompt: string) => (chars(prompt) > 100 ? `${[...prompt].slice(0, 99).join('')}…` : prompt);

function checkedQuery(q: TaskInput['query'], c: Catalogue): TaskQuery {
  const prompt = typeof q?.prompt === 'string' ? q.prompt.trim() : '';
  if (!prompt) throw taskErrors.promptBlank();
  if (chars(prompt) > TASK_PROMPT_MAX) throw taskErrors.promptTooLong(TASK_PROMPT_MAX);
  const model = q.searchModel ?? c.defaultModel;
  if (!c.models.some((m) => m.id === model)) throw taskErrors.unknownModel();
  const sources = q.sources ?? ['web'];
  if (!sources.length || !sources.every((s) => (TASK_SOURCES as readonly string[]).includes(s))) throw taskErrors.invalidSources();
  return { prompt, search_model: model, sources: [...new Set(sources)] };
}

function checkedTitle(type: TaskType, title: string | null | undefined, prompt: string) {
  const t = title?.trim() ?? '';
  if (!t && type === 'SHORTCUT') throw taskErrors.titleRequired();
  if (chars(t) > TASK_TITLE_MAX) throw taskErrors.titleTooLong();
  return t || titleFrom(prompt);
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The alert's stock: `event_entity`, else its alias `symbol`; null when neither is a symbol; both differing is refused. */
export function alertSymbolOf(a: AlertInput): string | null {
  const entity = typeof a.event_entity === 'string' ? parseSymbol(a.event_entity) : null;
  const alias = typeof a.symbol === 'string' ? parseSymbol(a.symbol) : null;
  if (entity && alias && entity !== alias) throw taskErrors.symbolConflict();
  return entity ?? alias;
}

/** A price alert's record (seed 003 §3): a target price in usd, or a move between two percentages. */
export function checkedAlert(a: AlertInput | null | undefined): TaskAlert {
  if (!a || !(ALERT_TYPES as readonly string[]).includes(a.alertType)) throw taskErrors.alertRequired();
  const symbol = alertSymbolOf(a);
  if (!symbol) throw taskErrors.invalidSymbol();
  if (a.alertType === 'STOCK_PRICE_TARGET') {
    if (!finite(a.price) || a.price <= 0 || a.price > 1e9) throw taskErrors.invalidPrice();
    if (a.currency && a.currency.toLowerCase() !== 'usd') throw taskErrors.invalidPrice();
    return { alert_type: 'STOCK_PRICE_TARGET', symbol, price: a.price, currency: 'usd' };
  }
  const lower = a.value_lower_bound ?? null;
  const upper = a.value_upper_bound ?? null;
  if (lower === null && upper === null) throw taskErrors.invalidBounds();
  for (const b of [lower, upper]) if (b !== null && (!finite(b) || Math.abs(b) > 1000)) throw taskErrors.invalidBounds();
  if (lower !== null && upper !== null && lower >= upper) throw taskErrors.boundsReversed();
  return { alert_type: 'STOCK_PRICE_MOVEMENT', symbol, value_lower_bound: lower, value_upper_bound: upper };
}

function parseExpiry(text: string | null | undefined): Date | null {
  if (text === null || text === undefined || text === '') return null;
  const t = Date.parse(text);
  if (!Number.isFinite(t)) throw taskErrors.invalidExpiry();
  return new Date(t);
}

/** The next run after `after` that is not beyond the expiry. */
export function nextWithin(schedule: Schedule, after: Date, expiresAt: string | null): Date | null {
  const next = nextRunAfter(schedule, after);
  if (!next || (expiresAt && next.getTime() > Date.parse(expiresAt))) return null;
  return next;
}

/**
 * A scheduled task's schedule, expiry and first run. The default expiry holds for preview
 * models only; an expiry asked for that falls before the next run reverts to it (seed 003 §4, §5).
 */
function scheduled(schedule: Schedule, askedExpiry: Date | null, model: ModelChoice | undefined) {
  const first = firstRun(schedule);
  const fallback = defaultExpiry(schedule.kind, first, !!model && isPreviewModel(model));
  const expires = effectiveExpiry(askedExpiry, first, fallback);
  const expiresAt = expires?.toISOString() ?? null;
  const next = first && (!expires || first.getTime() <= expires.getTime()) ? first : null;
  return { expires_at: expiresAt, next_run_at: next?.toISOString() ?? null };
}

export type Decided<E> = { events: E[]; fellBack: boolean };

/** The channels a task's runs may notify on: any left out (or all, with none sent) is on. */
export function checkedNotificationSettings(s: NotificationSettingsInput | null | undefined): TaskNotificationSettings {
  return {
    should_send_email: s?.should_send_email ?? true,
    should_send_in_app: s?.should_send_in_app ?? true,
    should_send_push: s?.should_send_push ?? true,
  };
}

function definition(input: TaskInput, cmd: ActingUser & Catalogue): { def: TaskDefinition; fellBack: boolean } {
  if (!(TASK_TYPES as readonly string[]).includes(input.task_type)) throw taskErrors.unknownTaskType();
  const type = input.task_type as TaskType;
  const query = checkedQuery(input.query, cmd);
  const title = checkedTitle(type, input.title, query.prompt);
  const notification_settings = checkedNotificationSettings(input.notificationSettings);
  if (type === 'SCHEDULE') {
    if (!input.schedule) throw taskErrors.scheduleRequired();
    const { schedule, fellBack } = parseSchedule(input.schedule, input.tzid ?? 'UTC', cmd.now);
    const model = cmd.models.find((m) => m.id === query.search_model);
    const timing = scheduled(schedule, parseExpiry(input.expiryDate), model);
    return { def: { type, title, query, schedule, alert: null, ...timing, notification_settings }, fellBack };
  }
  const alert = type === 'ALERT' ? checkedAlert(input.alert) : null;
  return { def: { type, title, query, schedule: null, expires_at: null, alert, next_run_at: null, notification_settings }, fellBack: false };
}

function checkLimits(type: TaskType, counts: OwnedCounts, limits: PlanTaskLimits) {
  if (type === 'ALERT' && counts.price_alerts >= limits.price_alerts) throw taskErrors.alertsLimit(limits.price_alerts);
  if (type !== 'ALERT' && counts.tasks >= limits.tasks) throw taskErrors.tasksLimit(limits.tasks);
}

type CreateCmd = ActingUser & Catalogue & { taskId: string; input: TaskInput; counts: OwnedCounts; limits: PlanTaskLimits };

/** A new task, ACTIVE, within the plan's limits. */
export function decideCreate(state: TaskState, cmd: CreateCmd): Decided<TaskCreated> {
  if (state.task || state.deleted) throw taskErrors.notFound();
  const { def, fellBack } = definition(cmd.input, cmd);
  checkLimits(def.type, cmd.counts, cmd.limits);
  return { events: [created(cmd, def, null)], fellBack };
}

function created(cmd: ActingUser & { taskId: string }, def: TaskDefinition, copiedFrom: string | null): TaskCreated {
  return { type: 'TaskCreated', data: { task_id: cmd.taskId, owner_id: cmd.userId, ...def, copied_from: copiedFrom, created_at: cmd.now.toISOString() } };
}

/** The task as its owner sees it; anyone else's, or a deleted one, is not found. */
export function owned(state: TaskState, ownerId: string) {
  if (!state.task || state.deleted || state.task.owner_id !== ownerId) throw taskErrors.notFound();
  return state.task;
}

/** The input that made the task, for a patch to change. */
function inputOf(task: NonNullable<TaskState['task']>): TaskInput {
  return {
    task_type: task.type,
    title: task.title,
    query: { prompt: task.query.prompt, searchModel: task.query.search_model, sources: task.query.sources },
    alert: task.alert ? { alertType: task.alert.alert_type, ...task.alert } : null,
    notificationSettings: task.notification_settings ?? null,
  };
}

/**
 * A change of any of the task's fields. A new schedule starts from now; an unchanged one keeps
 * its start and next run, and a new expiry is checked against that next run.
 */
export function decideUpdate(state: TaskState, cmd: ActingUser & Catalogue & { patch: TaskPatch }): Decided<TaskUpdated> {
  const task = owned(state, cmd.userId);
  const base = inputOf(task);
  const p = cmd.patch;
  const input: TaskInput = {
    ...base,
    title: p.title === undefined ? task.title : p.title,
    query: { ...base.query, ...Object.fromEntries(Object.entries(p.query ?? {}).filter(([, v]) => v !== undefined)) } as TaskInput['query'],
    alert: p.alert ?? base.alert,
    // A patch's channels change only the ones it names.
    notificationSettings: p.notificationSettings ? { ...base.notificationSettings, ...p.notificationSettings } : base.notificationSettings,
  };
  const { def, fellBack } =
    task.type === 'SCHEDULE' && !p.schedule && task.schedule
      ? keptSchedule(task, input, p, cmd)
      : definition({ ...input, schedule: p.schedule, tzid: p.tzid ?? task.schedule?.tzid, expiryDate: p.expiryDate ?? task.expires_at }, cmd);
  const data = { task_id: task.task_id, owner_id: task.owner_id, ...def, updated_at: cmd.now.toISOString() };
  return { events: [{ type: 'TaskUpdated', data }], fellBack };
}

function keptSchedule(task: NonNullable<TaskState['task']>, input: TaskInput, p: TaskPatch, cmd: ActingUser & Catalogue) {
  const schedule = task.schedule as Schedule;
  const { def } = definition({ ...input, task_type: 'SHORTCUT', title: input.title ?? 'kept' }, cmd);
  const next = nextRunAfter(schedule, cmd.now);
  const model = cmd.models.find((m) => m.id === def.query.search_model);
  const fallback = defaultExpiry(schedule.kind, firstRun(schedule), !!model && isPreviewModel(model));
  const asked = p.expiryDate === undefined ? (task.expires_at ? new Date(task.expires_at) : null) : parseExpiry(p.expiryDate);
  const expires = effectiveExpiry(asked, next, fallback);
  const expiresAt = expires?.toISOString() ?? null;
  const title = checkedTitle('SCHEDULE', input.title, def.query.prompt);
  const nextRun = task.status === 'PAUSED' ? task.next_run_at : next && (!expires || next <= expires) ? next.toISOString() : null;
  return { def: { ...def, type: 'SCHEDULE' as const, title, schedule, alert: null, expires_at: expiresAt, next_run_at: nextRun }, fellBack: false };
}

/** Pausing a paused task changes nothing. */
export function decidePause(state: TaskState, cmd: ActingUser): TaskPaused[] {
  const task = owned(state, cmd.userId);
  if (task.status === 'PAUSED') return [];
  return [{ type: 'TaskPaused', data: { task_id: task.task_id, owner_id: task.owner_id, paused_at: cmd.now.toISOString() } }];
}

/** Resuming sets the next run from now: the occurrences while paused were skipped. */
export function decideResume(state: TaskState, cmd: ActingUser): TaskResumed[] {
  const task = owned(state, cmd.userId);
  if (task.status === 'ACTIVE') return [];
  const next = task.schedule ? nextWithin(task.schedule, new Date(cmd.now.getTime() - 1000), task.expires_at) : null;
  return [
    {
      type: 'TaskResumed',
      data: { task_id: task.task_id, owner_id: task.owner_id, next_run_at: next?.toISOString() ?? null, resumed_at: cmd.now.toISOString() },
    },
  ];
}

export function decideDelete(state: TaskState, cmd: ActingUser): TaskDeleted[] {
  const task = owned(state, cmd.userId);
  return [{ type: 'TaskDeleted', data: { task_id: task.task_id, owner_id: task.owner_id, deleted_at: cmd.now.toISOString() } }];
}

/** A copy is a new task made from the original's fields, its schedule starting now, within the plan's limits. */
export function decideCopy(original: TaskState, cmd: CreateCmd): Decided<TaskCreated> {
  const task = owned(original, cmd.userId);
  const input = inputOf(task);
  const fields = task.schedule ? { ...task.schedule, start_at: task.schedule.kind === 'ONCE' ? task.schedule.start_at : cmd.now.toISOString() } : null;
  const def: TaskDefinition = fields
    ? { ...definition({ ...input, task_type: 'SHORTCUT' }, cmd).def, type: 'SCHEDULE', ...copiedSchedule(fields, task.expires_at, cmd.now) }
    : definition(input, cmd).def;
  checkLimits(def.type, cmd.counts, cmd.limits);
  return { events: [created(cmd, { ...def, title: task.title }, task.task_id)], fellBack: false };
}

function copiedSchedule(s: Schedule, expiresAt: string | null, now: Date) {
  // A once task copied after its time runs now, as a new once task would.
  const schedule =
    s.kind === 'ONCE' && Date.parse(s.start_at) < now.getTime() ? { ...s, start_at: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString() } : s;
  const first = s.kind === 'ONCE' ? firstRun(schedule) : nextRunAfter(schedule, new Date(now.getTime() - 1000));
  const expired = expiresAt && first && first.getTime() > Date.parse(expiresAt);
  return { schedule, alert: null, expires_at: expired ? null : expiresAt, next_run_at: first?.toISOString() ?? null };
}

export type RunDecision = { events: (TaskRunStarted | TaskRunSkipped)[]; run: boolean };

/**
 * An occurrence comes: a task that may run starts it (once: a second start of the same
 * occurrence only says whether it is still running), a paused or expired one skips it. Either
 * way a scheduled task's next run moves past it, so no scheduler picks it again.
 */
export function decideStartRun(state: TaskState, cmd: { occurrenceKey: string; now: Date; occurrenceAt?: Date }): RunDecision {
  const task = state.task;
  if (!task || state.deleted) return { events: [], run: false };
  const seen = state.runs[cmd.occurrenceKey];
  if (seen) return { events: [], run: seen === 'running' };
  const after = new Date(Math.max(cmd.now.getTime(), cmd.occurrenceAt?.getTime() ?? 0));
  const next = task.schedule ? (nextWithin(task.schedule, after, task.expires_at)?.toISOString() ?? null) : task.next_run_at;
  const base = { task_id: task.task_id, owner_id: task.owner_id, occurrence_key: cmd.occurrenceKey, next_run_at: next };
  const expired = !!task.expires_at && Date.parse(task.expires_at) < (cmd.occurrenceAt ?? cmd.now).getTime();
  if (task.status === 'PAUSED' || expired) {
    const reason = task.status === 'PAUSED' ? 'The task is paused.' : 'The task has expired.';
    return { events: [{ type: 'TaskRunSkipped', data: { ...base, reason, skipped_at: cmd.now.toISOString() } }], run: false };
  }
  return { events: [{ type: 'TaskRunStarted', data: { ...base, started_at: cmd.now.toISOString() } }], run: true };
}

export type RunOutcome = { ok: true; thread_slug: string; context_uuid: string } | { ok: false; reason: string };

/** A started run ends once, succeeded or failed. */
export function decideFinishRun(state: TaskState, cmd: { occurrenceKey: string; now: Date; outcome: RunOutcome }): (TaskRunSucceeded | TaskRunFailed)[] {
  const task = state.task;
  if (!task || state.runs[cmd.occurrenceKey] !== 'running') return [];
  const base = {
    task_id: task.task_id,
    owner_id: task.owner_id,
    title: task.title,
    task_type: task.type,
    occurrence_key: cmd.occurrenceKey,
    finished_at: cmd.now.toISOString(),
    notification_settings: task.notification_settings ?? ALL_CHANNELS,
  };
  if (cmd.outcome.ok) return [{ type: 'TaskRunSucceeded', data: { ...base, thread_slug: cmd.outcome.thread_slug, context_uuid: cmd.outcome.context_uuid } }];
  return [{ type: 'TaskRunFailed', data: { ...base, reason: cmd.outcome.reason.slice(0, 500) } }];
}
