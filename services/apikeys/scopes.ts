// What an API key may do. A small set on purpose: each scope is one family of /v1 calls.
export const API_SCOPES = ['answers:write', 'models:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scope each /v1 call needs. */
export const SCOPE_OF_CALL = { chatCompletions: 'answers:write', models: 'models:read' } as const satisfies Record<string, ApiScope>;

/** At most this many live (not revoked) keys per person. */
export const MAX_LIVE_KEYS = 25;
