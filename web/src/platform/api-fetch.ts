// The one fetch the generated React Query hooks use: same-origin cookies, JSON in and out,
// and problem+json errors thrown as ApiError so callers can read `code` and `detail`.
export type Problem = { type: string; title: string; status: number; detail?: string; code: string };

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
  }
  get status() {
    return this.problem.status;
  }
  get code() {
    return this.problem.code;
  }
}

/** The problem a failed response's body states, or a generic one when it states none. */
export const problemOf = (response: Response, body: unknown): Problem =>
  body && typeof body === 'object' && 'code' in body
    ? (body as Problem)
    : { type: 'about:blank', title: response.statusText, status: response.status, code: 'http_error' };

/** The seeds' "medium" timeout for a call (memory and invite calls), this project's value. */
export const MEDIUM_TIMEOUT_MS = 10_000;

/** `timeoutMs` ends the call (an AbortError) when the server takes longer; the caller's own signal still works. */
export type ApiFetchInit = RequestInit & { timeoutMs?: number };

export const apiFetch = async <T>(url: string, { timeoutMs, ...init }: ApiFetchInit = {}): Promise<T> => {
  const signal = timeoutMs === undefined ? init.signal : AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]);
  const response = await fetch(url, { credentials: 'same-origin', ...init, signal });
  const type = response.headers.get('content-type') ?? '';
  const body = response.status === 204 ? undefined : type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(problemOf(response, body));
  // orval's fetch client expects { data, status, headers }.
  return { data: body, status: response.status, headers: response.headers } as T;
};
