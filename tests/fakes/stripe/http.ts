// Requests and answers as Stripe's API speaks them: form-encoded bodies with bracketed keys,
// JSON answers, errors as { error: { type, code, message } }.
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';

export type Params = Record<string, unknown>;

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    /** A card error's decline reason, as Stripe adds it. */
    readonly decline_code?: string,
  ) {
    super(message);
  }
}

export const missing = (what: string, id: string) => new StripeFakeError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`);

export async function readParams(req: IncomingMessage): Promise<{ raw: string; params: Params }> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const query = (req.url ?? '').split('?')[1] ?? '';
  return { raw, params: { ...qs.parse(query), ...qs.parse(raw, { depth: 10, arrayLimit: 100 }) } };
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Math.random().toString(36).slice(2)}` });
  res.end(JSON.stringify(body));
}

export const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
export const bool = (v: unknown) => v === 'true' || v === true;
export const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, string>) : {});
export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
