import { describe, expect, it } from 'vitest';
import { decideCopy, decideCreate, decideDelete, decideFinishRun, decidePause, decideResume, decideStartRun, decideUpdate, type TaskInput } from './decide.js';
import { evolveTask, initialTask, type TaskEvent, type TaskState } from './events.js';

const now = new Date('2026-03-05T12:00:00Z');
const models = [
  { id: 'offline-extractive', name: 'Offline' },
  { id: 'sonar-beta', name: 'Sonar beta' },
];
const base = { userId: 'u1', now, models, defaultModel: 'offline-extractive', counts: { tasks: 0, price_alerts: 0 }, limits: { tasks: 5, price_alerts: 2 } };
const daily: TaskInput = { task_type: 'SCHEDULE', query: { prompt: 'News about Rust' }, schedule: { kind: 'DAILY', hour: 9, minute: 0 }, tzid: 'UTC' };
const fold = (events: TaskEvent[], s: TaskState = initialTask) => events.reduce(evolveTask, s);
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'no error';
};
const make = (input: TaskInput, extra = {}) => fold(decideCreate(initialTask, { ...base, taskId: 't1', input, ...extra }).events);

describe('creating a task (seed 003 §3)', () => {
  it('is ACTIVE, with sources web by default and the next run set', () => {
    const s = make(daily);
    expect(s.task).toMatchObject({
      status: 'ACTIVE',
      type: 'SCHEDULE',
      title: 'News about Rust',
      query: { sources: ['web'], search_model: 'offline-extractive' },
    });
    expect(s.task?.next_run_at).toBe('2026-03-06T09:00:00.000Z');
    expect(s.task?.expires_at).toBeNull();
  });
  it('gives a preview model the default expiry, and reverts an expiry before the next run to it', () => {
    expect(make({ ...daily, query: { prompt: 'x', searchModel: 'sonar-beta' } }).task?.expires_at).toBe('2026-03-20T09:00:00.000Z');
    expect(make({ ...daily, query: { prompt: 'x', searchModel: 'sonar-beta' }, expiryDate: '2026-03-01T00:00:00Z' }).task?.expires_at).toBe(
      '2026-03-20T09:00:00.000Z',
    );
    expect(make({ ...daily, expiryDate: '2026-03-01T00:00:00Z' }).task?.expires_at).toBeNull();
    expect(make({ ...daily, expiryDate: '2026-04-01T00:00:00Z' }).task?.expires_at).toBe('2026-04-01T00:00:00.000Z');
  });
  it('records price alerts and refuses reversed bounds', () => {
    const target = make({ task_type: 'ALERT', query: { prompt: 'Why did it move?' }, alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'aapl', price: 250 } });
    expect(target.task?.alert).toEqual({ alert_type: 'STOCK_PRICE_TARGET', symbol: 'AAPL', price: 250, currency: 'usd' });
    const alert = { alertType: 'STOCK_PRICE_MOVEMENT', symbol: 'MSFT', value_lower_bound: 5, value_upper_bound: -5 };
    expect(code(() => make({ task_type: 'ALERT', query: { prompt: 'x' }, alert }))).toBe('alert_bounds_reversed');
  });
  it('keeps the channels its runs may notify on: any left out is on, a patch changes only those it names, a run carries them', () => {
    const made = make({ ...daily, notificationSettings: { should_send_email: false } });
    expect(made.task?.notification_settings).toEqual({ should_send_email: false, should_send_in_app: true, should_send_push: true });
    expect(make(daily).task?.notification_settings).toEqual({ should_send_email: true, should_send_in_app: true, should_send_push: true });
  });

  it("names the stock by the seed's event_entity, with symbol as its alias; the two may not disagree", () => {
    const byEntity = make({ task_type: 'ALERT', query: { prompt: 'x' }, alert: { alertType: 'STOCK_PRICE_TARGET', event_entity: 'ibm', price: 9 } });
    expect(byEntity.task?.alert).toEqual({ alert_type: 'STOCK_PRICE_TARGET', symbol: 'IBM', price: 9, currency: 'usd' });
    const both = { alertType: 'STOCK_PRICE_TARGET', event_entity: 'IBM', symbol: 'ibm', price: 9 };
    expect(make({ task_type: 'ALERT', query: { prompt: 'x' }, alert: both }).task?.alert).toMatchObject({ symbol: 'IBM' });
    const conflict = { ...both, symbol: 'AAPL' };
    expect(code(() => make({ task_type: 'ALERT', query: { prompt: 'x' }, alert: conflict }))).toBe('alert_symbol_conflict');
    const none = { alertType: 'STOCK_PRICE_TARGET', price: 9 };
    expect(code(() => make({ task_type: 'ALERT', query: { prompt: 'x' }, alert: none }))).toBe('invalid_symbol');
  });
  it('refuses bad input with stable codes', () => {
    expect(code(() => make({ ...daily, task_type: 'CRON' }))).toBe('unknown_task_type');
    expect(code(() => make({ ...daily, query: { prompt: 'x'.repeat(2001) } }))).toBe('query_too_long');
    expect(code(() => make({ ...daily, query: { prompt: '  ' } }))).toBe('task_prompt_blank');
    expect(code(() => make({ task_type: 'SHORTCUT', query: { prompt: 'x' } }))).toBe('task_title_required');
    expect(code(() => make({ ...daily, query: { prompt: 'x', searchModel: 'gpt-9' } }))).toBe('unknown_model');
    expect(code(() => make({ ...daily, schedule: { kind: 'FORTNIGHTLY' } }))).toBe('unknown_schedule_kind');
  });
  it("keeps to the plan's limits", () => {
    expect(code(() => make(daily, { counts: { tasks: 5, price_alerts: 0 } }))).toBe('task_limit_reached');
    const alert = { task_type: 'ALERT', query: { prompt: 'x' }, alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'A', price: 1 } };
    expect(code(() => make(alert, { counts: { tasks: 5, price_alerts: 2 } }))).toBe('price_alert_limit_reached');
    expect(make(alert, { counts: { tasks: 5, price_alerts: 1 } }).task?.type).toBe('ALERT');
  });
});

describe('changing a task', () => {
  const s = make(daily);
  it("is the owner's only", () => {
    expect(code(() => decidePause(s, { userId: 'u2', now }))).toBe('task_not_found');
    expect(code(() => decideUpdate(s, { ...base, userId: 'u2', patch: { title: 'x' } }))).toBe('task_not_found');
  });
  it('pauses, resumes from now, updates, deletes', () => {
    const paused = fold(decidePause(s, { userId: 'u1', now }), s);
    expect(paused.task?.status).toBe('PAUSED');
    expect(decidePause(paused, { userId: 'u1', now })).toEqual([]);
    const later = new Date('2026-03-10T10:00:00Z');
    const resumed = fold(decideResume(paused, { userId: 'u1', now: later }), paused);
    expect(resumed.task).toMatchObject({ status: 'ACTIVE', next_run_at: '2026-03-11T09:00:00.000Z' });
    const updated = fold(
      decideUpdate(resumed, { ...base, patch: { title: 'Rust', schedule: { kind: 'WEEKLY', dayOfWeek: 1, hour: 8, minute: 0 } } }).events,
      resumed,
    );
    expect(updated.task).toMatchObject({ title: 'Rust', next_run_at: '2026-03-09T08:00:00.000Z' });
    const deleted = fold(decideDelete(updated, { userId: 'u1', now }), updated);
    expect(code(() => decidePause(deleted, { userId: 'u1', now }))).toBe('task_not_found');
  });
  it('copies into a new task within the limits', () => {
    const copy = decideCopy(s, { ...base, taskId: 't2', input: daily });
    expect(copy.events[0].data).toMatchObject({ task_id: 't2', copied_from: 't1', title: 'News about Rust', next_run_at: '2026-03-06T09:00:00.000Z' });
    expect(code(() => decideCopy(s, { ...base, taskId: 't2', input: daily, counts: { tasks: 5, price_alerts: 0 } }))).toBe('task_limit_reached');
  });
});

describe('runs', () => {
  const s = make(daily);
  const at = new Date('2026-03-06T09:00:00Z');
  it('start once per occurrence and move the next run past it', () => {
    const first = decideStartRun(s, { occurrenceKey: at.toISOString(), now: at, occurrenceAt: at });
    expect(first.run).toBe(true);
    const running = fold(first.events, s);
    expect(running.task?.next_run_at).toBe('2026-03-07T09:00:00.000Z');
    expect(decideStartRun(running, { occurrenceKey: at.toISOString(), now: at })).toEqual({ events: [], run: true });
    const failed = fold(decideFinishRun(running, { occurrenceKey: at.toISOString(), now: at, outcome: { ok: false, reason: 'provider down' } }), running);
    expect(decideStartRun(failed, { occurrenceKey: at.toISOString(), now: at })).toEqual({ events: [], run: false });
    expect(decideFinishRun(failed, { occurrenceKey: at.toISOString(), now: at, outcome: { ok: true, thread_slug: 's', context_uuid: 'c' } })).toEqual([]);
    expect(decideStartRun(failed, { occurrenceKey: '2026-03-07T09:00:00.000Z', now: at }).run).toBe(true);
  });
  it('skip an occurrence while paused', () => {
    const paused = fold(decidePause(s, { userId: 'u1', now }), s);
    const d = decideStartRun(paused, { occurrenceKey: at.toISOString(), now: at, occurrenceAt: at });
    expect(d.run).toBe(false);
    expect(d.events[0].type).toBe('TaskRunSkipped');
  });
});
