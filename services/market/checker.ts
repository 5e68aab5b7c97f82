// One check of every active price alert: each distinct symbol is quoted once (a few at a time),
// each alert decides on its quote, a firing is recorded on the alert's stream with the expected
// version and then handed to `fire` (the tasks domain's run of the alert). A symbol the provider
// fails for is logged and skipped until the next check. Another instance's check racing this one
// loses nothing: whoever appends first fired, the other's append is refused and dropped.
import pLimit from 'p-limit';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { AlertTerms, AlertType, Watch } from './crossing.js';
import { decideCheck, decideHandedOver } from './decide.js';
import { type PriceAlertState, priceAlertStream } from './events.js';
import { type MarketData, MarketDataError, parseSymbol, type Quote } from './quote.js';
import { own } from './tables.js';

/** An active price alert as the tasks domain lists it (its `activePriceAlerts(db)`). */
export type ActivePriceAlert = {
  task_id: string;
  owner_id: string;
  symbol: string;
  alert_type: AlertType;
  price: number | null;
  value_lower_bound: number | null;
  value_upper_bound: number | null;
};

/** Starts the alert's run for this firing; must be idempotent per (taskId, occurrenceKey): a firing is handed over again after a crash. */
export type FirePriceAlert = (firing: { taskId: string; occurrenceKey: string; reason: string }) => Promise<void>;

type CheckLogger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type PriceAlertCheckDeps = {
  db: Db;
  store: EventStore;
  market: MarketData;
  activeAlerts: () => Promise<ActivePriceAlert[]>;
  fire: FirePriceAlert;
  now: () => Date;
  logger: CheckLogger;
  /** Quotes asked for at once (the provider's rate limit is per minute; a few in flight is plenty). */
  concurrency?: number;
  /** How long a recorded firing may wait for its hand-over before a check hands it over again (the firer crashed or `fire` failed). */
  handoverGraceMs?: number;
  signal?: AbortSignal;
};

export type PriceAlertCheckResult = {
  alerts: number;
  symbols: number;
  /** Symbols the provider failed for: their alerts wait for the next check. */
  failedSymbols: string[];
  fired: number;
  /** Firings another check recorded first. */
  lostRaces: number;
  /** Firings handed over again after their first hand-over did not happen. */
  retried: number;
};

export const PRICE_ALERT_DEFAULTS = { concurrency: 4, handoverGraceMs: 5 * 60_000 } as const;

type StateRow = { task_id: string; terms: unknown; watch: unknown; version: number; fired_count: number } & {
  pending_occurrence_key: string | null;
  pending_reason: string | null;
  pending_fired_at: Date | null;
};

export async function checkPriceAlerts(deps: PriceAlertCheckDeps): Promise<PriceAlertCheckResult> {
  const limit = pLimit(deps.concurrency ?? PRICE_ALERT_DEFAULTS.concurrency);
  const result: PriceAlertCheckResult = { alerts: 0, symbols: 0, failedSymbols: [], fired: 0, lostRaces: 0, retried: 0 };
  const alerts: (ActivePriceAlert & { symbol: string })[] = [];
  for (const a of await deps.activeAlerts()) {
    const symbol = parseSymbol(a.symbol);
    if (symbol) alerts.push({ ...a, symbol });
    else deps.logger.warn({ taskId: a.task_id }, 'price alert skipped: its symbol is not a ticker symbol');
  }
  result.alerts = alerts.length;
  if (!alerts.length) return result;

  const symbols = [...new Set(alerts.map((a) => a.symbol))];
  result.symbols = symbols.length;
  const quotes = new Map<string, Quote>();
  await Promise.all(
    symbols.map((symbol) =>
      limit(async () => {
        if (deps.signal?.aborted) return;
        try {
          quotes.set(symbol, await deps.market.quote(symbol, deps.signal));
        } catch (err) {
          result.failedSymbols.push(symbol);
          // The adapter's messages name the symbol and the status, never the key; anything else is reduced to its kind.
          const reason = err instanceof MarketDataError ? { failure: err.failure, message: err.message } : { failure: 'error' };
          deps.logger.warn({ symbol, provider: deps.market.provider, ...reason }, 'price alert quote failed; the symbol is skipped until the next check');
        }
      }),
    ),
  );

  const states = await statesOf(
    deps.db,
    alerts.map((a) => a.task_id),
  );
  await Promise.all(
    alerts.map((alert) =>
      limit(async () => {
        const quote = quotes.get(alert.symbol);
        const row = states.get(alert.task_id);
        try {
          if (row?.pending_occurrence_key) {
            // A firing not handed over yet: its firer is on it, unless it has waited past the grace.
            const waited = deps.now().getTime() - (row.pending_fired_at?.getTime() ?? 0);
            if (waited < (deps.handoverGraceMs ?? PRICE_ALERT_DEFAULTS.handoverGraceMs)) return;
            await handOver(deps, alert, row.version, { occurrenceKey: row.pending_occurrence_key, reason: row.pending_reason ?? '' });
            result.retried++;
            return;
          }
          if (!quote) return;
          const version = row?.version ?? 0;
          const events = decideCheck(stateOf(row), { taskId: alert.task_id, ownerId: alert.owner_id, terms: termsOf(alert), quote, now: deps.now(), version });
          if (!events.length) return;
          await deps.store.append(priceAlertStream(alert.task_id), version === 0 ? 'no_stream' : version, events);
          const [e] = events;
          if (e.type !== 'PriceAlertFired') return;
          result.fired++;
          await handOver(deps, alert, version + 1, { occurrenceKey: e.data.occurrence_key, reason: e.data.reason });
        } catch (err) {
          if (err instanceof ConcurrencyError) {
            result.lostRaces++;
            return;
          }
          deps.logger.error({ err, taskId: alert.task_id }, 'price alert check failed for one alert; it is checked again next time');
        }
      }),
    ),
  );
  return result;
}

/** Starts the firing's run, then records that it was handed over (a crash in between hands it over again later: `fire` is idempotent). */
async function handOver(deps: PriceAlertCheckDeps, alert: ActivePriceAlert, version: number, firing: { occurrenceKey: string; reason: string }) {
  await deps.fire({ taskId: alert.task_id, occurrenceKey: firing.occurrenceKey, reason: firing.reason });
  const events = decideHandedOver(
    { occurrence_key: firing.occurrenceKey },
    { taskId: alert.task_id, ownerId: alert.owner_id, occurrenceKey: firing.occurrenceKey, now: deps.now() },
  );
  await deps.store.append(priceAlertStream(alert.task_id), version, events);
}

const termsOf = (a: ActivePriceAlert): AlertTerms => ({
  alert_type: a.alert_type,
  symbol: a.symbol,
  price: a.price,
  value_lower_bound: a.value_lower_bound,
  value_upper_bound: a.value_upper_bound,
});

function stateOf(row: StateRow | undefined): PriceAlertState {
  if (!row) return { terms: null, watch: null, pending: null, fired: 0 };
  return {
    terms: row.terms as AlertTerms,
    watch: row.watch as Watch,
    pending: row.pending_occurrence_key
      ? { occurrence_key: row.pending_occurrence_key, reason: row.pending_reason ?? '', fired_at: row.pending_fired_at?.toISOString() ?? '' }
      : null,
    fired: row.fired_count,
  };
}

async function statesOf(db: Db, taskIds: string[]): Promise<Map<string, StateRow>> {
  const out = new Map<string, StateRow>();
  for (let i = 0; i < taskIds.length; i += 5000) {
    const rows = await own(db)
      .selectFrom('price_alert_states')
      .select(['task_id', 'terms', 'watch', 'version', 'fired_count', 'pending_occurrence_key', 'pending_reason', 'pending_fired_at'])
      .where('task_id', 'in', taskIds.slice(i, i + 5000))
      .execute();
    for (const r of rows) out.set(r.task_id, r);
  }
  return out;
}
