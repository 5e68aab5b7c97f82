// Route handlers keyed by the spec's operationId, typed from the generated operation types: a
// handler gets the validated body, query and path of `<Op>Data` and the request's Actor, calls one
// use case, and returns one of `<Op>Responses`, which the edge writes. Streams, redirects, files
// and extra headers are replies too, so no handler touches the response (nor Express).
import type { Readable } from 'node:stream';
import type { Actor, RequestHeaders } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import type { DataOf, OperationId, ResponsesOf } from './operations.js';
import type { SseStream } from './sse.js';

type Part<D, K extends string> = D extends { [P in K]: infer V } ? NonNullable<V> : D extends { [P in K]?: infer V } ? NonNullable<V> : never;

export type HandlerInput<Op extends OperationId> = {
  actor: Actor;
  /** The request body as validated against the spec. */
  body: DataOf<Op> extends { body: infer B } ? B : DataOf<Op> extends { body?: infer B } ? B | undefined : undefined;
  /** The query parameters as validated against the spec ({} when none were sent). */
  query: Part<DataOf<Op>, 'query'>;
  /** The path parameters. */
  path: Part<DataOf<Op>, 'path'>;
  /** The raw headers (lower-case names), for the few calls that read one or hand them on. */
  headers: RequestHeaders;
  /** The body's bytes as received, kept only for calls verified by a signature over them (Stripe's webhook). */
  rawBody?: Buffer;
  /** The client's address (Express's req.ip: the proxy's X-Forwarded-For only from loopback, 'trust proxy'). */
  clientIp?: string;
};

/** Extra response headers, e.g. the `set-cookie` of a sign-in. */
export type ReplyHeaders = Record<string, string | string[]>;

type JsonReplies<R> = {
  // biome-ignore lint/suspicious/noConfusingVoidType: the generated response types say void for a reply without a body; this tests for it.
  [S in keyof R & number]: [R[S]] extends [void] | [undefined] | [never]
    ? { status: S; body?: undefined; headers?: ReplyHeaders }
    : { status: S; body: R[S]; headers?: ReplyHeaders };
}[keyof R & number];

/** A stream of server-sent events: the edge opens it (corked, with a heartbeat) and hands it over. */
export type SseReply = { sse: (stream: SseStream) => Promise<void> };
/** A redirect to another address. */
export type RedirectReply = { redirect: string; status?: 301 | 302 | 303 | 307 | 308; headers?: ReplyHeaders };
/** Bytes to download or show: the edge sets the type, the length and the disposition. */
export type FileReply = {
  file: { body: Readable | Buffer; contentType: string; filename: string; inline?: boolean; size?: number };
  headers?: ReplyHeaders;
};

export type Reply<Op extends OperationId> = JsonReplies<ResponsesOf<Op>> | SseReply | RedirectReply | FileReply;

/** `Ctx`: what the handler uses, the kernel's parts and the ports its domain declares (the app passes one object that is all of them). */
export type Handler<Op extends OperationId, Ctx = KernelContext> = (input: HandlerInput<Op>, ctx: Ctx) => Promise<Reply<Op>>;

/** Every operation of the spec and its handler: app/routes.ts must name each one. */
export type Routes<Ctx = KernelContext> = { [Op in OperationId]: Handler<Op, Ctx> };

/** The routes of one domain. Use as `{ ... } satisfies DomainRoutes` so each handler is typed by its key. */
export type DomainRoutes<Ctx = KernelContext> = Partial<Routes<Ctx>>;

export const sse = (run: SseReply['sse']): SseReply => ({ sse: run });
