// The market data's public surface: the quote port and its configured adapter, the status of price
// alerts, the crossing rules and the check of active price alerts (run by the tasks domain: its background.ts).
export { type Instrument, type MarketData, type Quote, MarketDataError, type MarketDataFailure, parseSymbol, SYMBOL_PATTERN } from './quote.js';
export { finnhubMarketData, FINNHUB_LIMITS } from './finnhub.js';
export { assertAlertsAvailable, marketDataFromConfig, marketDataStatus } from './from-config.js';
export { marketErrors, MARKET_DATA_NOT_CONFIGURED } from './errors.js';
export { checkAlertSymbol } from './alert-symbol.js';
export { exclusively } from './exclusive.js';
export { ALERT_TYPES, type AlertTerms, type AlertType, type Crossing, percentMove } from './crossing.js';
export { crossingReason, firingReason } from './reason.js';
export { PRICE_ALERT_EVENTS, type PriceAlertEvent, priceAlertStream } from './events.js';
export { priceAlertStatesProjection } from './projections.js';
export {
  type ActivePriceAlert,
  checkPriceAlerts,
  type FirePriceAlert,
  PRICE_ALERT_DEFAULTS,
  type PriceAlertCheckDeps,
  type PriceAlertCheckResult,
} from './checker.js';
export { startPriceAlertLoop, nextCheckDelay, FIRST_CHECK_MAX_MS, type PriceAlertLoopOptions } from './loop.js';
export { marketRoutes } from './routes.js';
export { priceAlertRedactors } from './erasure.js';
export { priceAlertsExport } from './export.js';
