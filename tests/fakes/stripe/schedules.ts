// Subscription schedules: made from a subscription (its current phase), given later phases (a
// change at the next billing start), released (the pending change is dropped and the
// subscription runs on its own). A renewal enters the next phase (subscriptions.ts).
import { missing, type Params, record, str, StripeFakeError } from './http.js';
import { newId, type FakeState, type SchedulePhase, type SubscriptionSchedule } from './state.js';
import { getSubscription, PERIOD } from './subscriptions.js';
import type { Webhooks } from './webhooks.js';

function get(state: FakeState, id: string) {
  const schedule = state.schedules.get(id);
  if (!schedule) throw missing('subscription schedule', id);
  return schedule;
}

type PhaseParam = { items?: unknown; start_date?: string; end_date?: string; duration?: { interval?: string; interval_count?: string }; iterations?: string };
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? v : Object.values(record(v))) as T[];

/** Phases as Stripe reads them: each starts where the one before ends; an end from end_date, duration or iterations. */
function phasesOf(state: FakeState, params: unknown, first: number): SchedulePhase[] {
  let start = first;
  return arr<PhaseParam>(params).map((ph) => {
    const items = arr<{ price?: string; quantity?: string }>(ph.items).map((i) => {
      if (!i.price || !state.prices.has(i.price)) throw missing('price', i.price ?? '');
      return { price: i.price, quantity: Number(i.quantity ?? 1) };
    });
    if (items.length === 0) throw new StripeFakeError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: phases[][items].');
    const begin = ph.start_date ? Number(ph.start_date) : start;
    const interval = state.prices.get(items[0].price)!.recurring.interval;
    const count = Number(ph.duration?.interval_count ?? ph.iterations ?? 1);
    const length = ph.duration?.interval === 'year' ? PERIOD.year * count : ph.duration?.interval === 'month' ? PERIOD.month * count : PERIOD[interval] * count;
    const end = ph.end_date ? Number(ph.end_date) : begin + length;
    if (end <= begin) throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid', 'A phase must end after it starts.');
    start = end;
    return { start_date: begin, end_date: end, items };
  });
}

export function scheduleRoutes(state: FakeState, hooks: Webhooks) {
  return {
    'POST /v1/subscription_schedules': async (p: Params) => {
      const from = str(p.from_subscription);
      if (!from) throw new StripeFakeError(400, 'invalid_request_error', 'parameter_missing', 'The fake makes schedules from_subscription only.');
      const sub = getSubscription(state, from);
      if (sub.schedule)
        throw new StripeFakeError(
          400,
          'invalid_request_error',
          'resource_already_exists',
          `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
        );
      if (sub.status === 'canceled')
        throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid', 'A canceled subscription cannot get a schedule.');
      const item = sub.items.data[0];
      const schedule: SubscriptionSchedule = {
        id: newId('sub_sched'),
        object: 'subscription_schedule',
        subscription: sub.id,
        customer: sub.customer,
        status: 'active',
        end_behavior: 'release',
        phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: item.quantity }] }],
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
        released_subscription: null,
        released_at: null,
        created: state.now,
      };
      state.schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      state.now += 1;
      await hooks.emit('subscription_schedule.created', schedule);
      await hooks.emit('customer.subscription.updated', sub);
      return schedule;
    },
    'GET /v1/subscription_schedules/:id': (_p: Params, id: string) => get(state, id),
    'POST /v1/subscription_schedules/:id': async (p: Params, id: string) => {
      const schedule = get(state, id);
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid', `You cannot update a subscription schedule that is ${schedule.status}.`);
      if (p.phases !== undefined) {
        const phases = phasesOf(state, p.phases, schedule.phases[0].start_date);
        // Stripe keeps the phase in force: its start cannot move.
        if (schedule.current_phase && phases[0].start_date !== schedule.current_phase.start_date)
          throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid', 'You can not modify the start date of the current phase.');
        schedule.phases = phases;
      }
      const end = str(p.end_behavior);
      if (end === 'release' || end === 'cancel') schedule.end_behavior = end;
      state.now += 1;
      await hooks.emit('subscription_schedule.updated', schedule);
      return schedule;
    },
    'POST /v1/subscription_schedules/:id/release': async (_p: Params, id: string) => {
      const schedule = get(state, id);
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        throw new StripeFakeError(
          400,
          'invalid_request_error',
          'parameter_invalid',
          `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      const sub = schedule.subscription ? state.subscriptions.get(schedule.subscription) : null;
      schedule.status = 'released';
      schedule.released_subscription = schedule.subscription;
      schedule.released_at = state.now;
      schedule.subscription = null;
      if (sub) sub.schedule = null;
      state.now += 1;
      await hooks.emit('subscription_schedule.released', schedule);
      if (sub) await hooks.emit('customer.subscription.updated', sub);
      return schedule;
    },
  };
}
