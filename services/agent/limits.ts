// The agent's fixed numbers (seed 003 §9): what the extension does with each action and what the
// server asks of it. The bounds a server operator may change (steps, failures, actions per step)
// are configuration (services/shared/config.ts, `agent`).

/** One scroll tick, in CSS pixels, and the ticks of a scroll that names none. */
export const SCROLL_TICK_PX = 40;
export const SCROLL_TICKS_DEFAULT = 3;
/** The pause between two input events of one action. */
export const ACTION_DELAY_MS = 50;
/** A wait that names no length. */
export const WAIT_DEFAULT_SECONDS = 1;
/** Screenshots are scaled to at most this many pixels in all and this many a side, and given up after the timeout. */
export const SCREENSHOT_MAX_PIXELS = 1_150_000;
export const SCREENSHOT_MAX_SIDE_PX = 1568;
export const SCREENSHOT_TIMEOUT_MS = 5000;
/** A screenshot is kept with its task (its events, the data export) up to this much base64 (about 1.5 MB of image); a larger one is used, not kept. */
export const SCREENSHOT_KEEP_MAX_CHARS = 2_000_000;
/** ReadPage's accessibility tree goes this deep at most, and cuts each label at this many characters. */
export const TREE_DEPTH_MAX = 15;
export const LABEL_MAX_CHARS = 100;
/** The extension reconnects this long after its socket drops. */
export const RECONNECT_RETRY_MS = 1000;
/** The longest task text the person may give. */
export const TASK_TEXT_MAX = 4000;
/** Page text past this is cut before it reaches the model. */
export const PAGE_TEXT_TO_MODEL_MAX = 30_000;
/** How long an agent token is good for. */
export const AGENT_TOKEN_TTL_MS = 10 * 60_000;
