// Price alerts need quotes: an alert is made, changed, copied or resumed only on a server with a
// market-data provider (503 market_data_not_configured), and its symbol is asked of the provider
// when it is set (400 invalid_symbol, 422 unknown_symbol; a provider that is down does not block it).
import { assertAlertsAvailable, checkAlertSymbol, marketDataFromConfig } from '../market/index.js';
import type { TasksContext } from './context.js';
import { type AlertInput, alertSymbolOf } from './decide.js';

/** For an alert being set: the provider knows its symbol. */
export async function checkAlertInput(ctx: Pick<TasksContext, 'config'>, alert: AlertInput | null | undefined) {
  await checkAlertSymbol(marketDataFromConfig(ctx.config), (alert && alertSymbolOf(alert)) ?? '');
}

/** For an alert kept as it is (copied, resumed, changed otherwise): quotes can still be had. */
export function checkAlertsAvailable(ctx: Pick<TasksContext, 'config'>) {
  assertAlertsAvailable(ctx.config);
}
