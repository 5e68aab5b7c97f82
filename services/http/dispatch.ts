// Runs one operation's handler for a request and writes what it returns: the only place a
// handler's input is read from Express and its reply written to it.
import contentDisposition from 'content-disposition';
import type { Readable } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import type { KernelContext } from '../shared/context.js';
import { actorOfRequest } from './actor.js';
import type { FileReply, Handler, HandlerInput, ReplyHeaders } from './handler.js';
import type { OperationId } from './operations.js';
import { openSse } from './sse.js';

type AnyHandler = (input: HandlerInput<OperationId>, ctx: KernelContext) => Promise<unknown>;
type AnyReply = { status?: number; body?: unknown; headers?: ReplyHeaders; sse?: unknown; redirect?: unknown; file?: unknown };

/** `convertQuery`: the spec's numbers and booleans of the query, from their text (query-types.ts). */
export function dispatch<Op extends OperationId, Ctx extends KernelContext>(
  handler: Handler<Op, Ctx>,
  ctx: Ctx,
  convertQuery: ((query: Record<string, unknown>) => Record<string, unknown>) | null = null,
): RequestHandler {
  const run = handler as unknown as AnyHandler;
  return (req, res, next) => {
    const input = {
      actor: actorOfRequest(req, res, ctx.actors),
      body: req.body,
      query: convertQuery ? convertQuery(req.query) : req.query,
      path: req.params,
      headers: req.headers,
      rawBody: (req as { rawBody?: Buffer }).rawBody,
      clientIp: req.ip,
    } as HandlerInput<OperationId>;
    run(input, ctx)
      .then((reply) => write(res, reply as AnyReply))
      .catch(next);
  };
}

async function write(res: Response, reply: AnyReply) {
  if (reply.headers) for (const [name, value] of Object.entries(reply.headers)) res.append(name, value);
  if (typeof reply.sse === 'function') return reply.sse(openSse(res));
  // No body: the spec declares none for a redirect (Express's res.redirect would write one).
  if (typeof reply.redirect === 'string')
    return void res
      .status(reply.status ?? 302)
      .location(reply.redirect)
      .end();
  if (reply.file) return sendFile(res, reply.file as FileReply['file']);
  const status = reply.status ?? 200;
  if (reply.body === undefined) return void res.status(status).end();
  res.status(status).json(reply.body);
}

function sendFile(res: Response, file: FileReply['file']) {
  res.status(200);
  res.setHeader('content-type', file.contentType);
  res.setHeader('content-disposition', contentDisposition(file.filename, { type: file.inline ? 'inline' : 'attachment' }));
  const size = Buffer.isBuffer(file.body) ? file.body.length : file.size;
  if (size !== undefined) res.setHeader('content-length', String(size));
  if (Buffer.isBuffer(file.body)) return void res.end(file.body);
  return new Promise<void>((resolve, reject) => {
    const body = file.body as Readable;
    body.once('error', reject);
    res.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}
