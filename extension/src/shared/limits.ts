// The agent's fixed numbers are the server's (services/agent/limits.ts, seed 003 §9): one source.
export {
  ACTION_DELAY_MS,
  LABEL_MAX_CHARS,
  RECONNECT_RETRY_MS,
  SCREENSHOT_MAX_PIXELS,
  SCREENSHOT_MAX_SIDE_PX,
  SCREENSHOT_TIMEOUT_MS,
  SCROLL_TICK_PX,
  SCROLL_TICKS_DEFAULT,
  TREE_DEPTH_MAX,
  WAIT_DEFAULT_SECONDS,
} from '../../../services/agent/limits';

/** Open-tab search answers at most this many tabs; history search looks this many days back for this many results (seed 003 §9). */
export const OPEN_TABS_MAX = 500;
export const HISTORY_DAYS_DEFAULT = 14;
export const HISTORY_RESULTS_DEFAULT = 20;
export const DAY_MS = 86_400_000;
/** A tab's content handed to the web app is cut here (the seed's content cap). */
export const TAB_CONTENT_MAX_CHARS = 50_000;
/** Page text the extension sends the server at most; the server cuts further for the model. */
export const PAGE_TEXT_MAX_CHARS = 100_000;
/** The longest wait an agent may ask for. */
export const WAIT_MAX_SECONDS = 30;
