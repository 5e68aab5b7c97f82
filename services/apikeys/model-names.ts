// The model names the answer API takes (GET /v1/models lists them): each configured answer model,
// answering at `quick`, and `pro-search`, the server's default model answering as a Pro Search
// (several searches, more pages read; counted against the owner's plan like one asked in the app).
// Pure.

export const PRO_SEARCH_MODEL = 'pro-search';

/** `model`: the configured model to name (none: the server's default). */
export type ApiModelChoice = { model?: string; depth: 'quick' | 'pro' };

export function apiModelOf(name: string, configured: readonly { id: string }[]): ApiModelChoice | null {
  if (name === PRO_SEARCH_MODEL) return { depth: 'pro' };
  return configured.some((m) => m.id === name) ? { model: name, depth: 'quick' } : null;
}

/** Every name a key may send as `model`, the configured models first. */
export const apiModelIds = (configured: readonly { id: string }[]) => [...configured.map((m) => m.id), PRO_SEARCH_MODEL];
