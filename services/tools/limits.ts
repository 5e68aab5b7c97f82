// The bounds of a person's tool servers.

/** Remote servers one person may add. */
export const MCP_SERVERS_MAX = 20;
export const MCP_NAME_MAX = 80;
export const MCP_URL_MAX = 2048;
/** How long an OAuth attempt may wait for the browser to come back. */
export const MCP_AUTH_ATTEMPT_MS = 10 * 60_000;
/** The longest wait for a server's answer (connect, list, call). */
export const MCP_CALL_TIMEOUT_MS = 30_000;
/** A tool's result is cut to this many characters before it reaches a model or a page. */
export const MCP_RESULT_MAX_CHARS = 20_000;
/** Tools of one server offered to a model at most. */
export const MCP_TOOLS_PER_SERVER_MAX = 100;
/** One HTTP response of a remote tool server (a call's answer, a listing, an event stream) is refused past this many bytes. */
export const MCP_RESPONSE_MAX_BYTES = 1024 * 1024;
