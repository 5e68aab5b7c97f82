// The agent socket (spec/agent.asyncapi.yaml): socket.io namespace /agent on the app's own HTTP
// server. A socket is the person's: by a short-lived agent token (the extension's way in) or by
// the session cookie when it comes from the app's own origin (a cookie sent from another site's
// page would let that page drive the person's agent). Without either it is refused. A socket
// joins only its own tasks' rooms, and a reply names a request id the server signed: another
// person's socket never sees nor answers a task's requests. Sockets on several app instances
// share rooms through the PostgreSQL adapter.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Pool } from 'pg';
import { Server, type Socket } from 'socket.io';
import { type Actor, createActor } from '../shared/actor.js';
import { actorFor } from '../shared/actor-without-request.js';
import { DomainError } from '../shared/domain-error.js';
import type { AgentContext } from './context.js';
import { adapterPool } from './adapter-pool.js';
import { AGENT_TEXTS } from './errors.js';
import { CLIENT_MESSAGES, checkConfirmAction, checkRpcResponse, checkStartAgent, checkTaskRef } from './messages.js';
import { type AgentOutbox, taskRoom } from './outbox.js';
import { confirmAgentAction, isOwnAgentTask, pauseAgentTask, resumeAgentTask, startAgentTask, stopAgentTask } from './own-tasks.js';
import { taskOfRequestId } from './request-ids.js';
import { verifyAgentToken } from './token.js';

export const AGENT_NAMESPACE = '/agent';
/** The largest message a socket may send: a screenshot within the seed's bounds, base64. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

type SocketData = { userId: string; byCookie: boolean };
type AgentSocket = Socket<Record<string, (...args: unknown[]) => void>, Record<string, (...args: unknown[]) => void>, Record<string, never>, SocketData>;

export function attachAgentSocket(server: HttpServer, ctx: AgentContext, deps: { pool: Pool; outbox: AgentOutbox }) {
  const listening = adapterPool(deps.pool);
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    adapter: createAdapter(listening.pool, {
      errorHandler: (err) => ctx.logger.warn({ err }, 'agent socket adapter error'),
    }),
  });
  const nsp = io.of(AGENT_NAMESPACE);
  const ownOrigins = new Set(ctx.config.trustedOrigins);

  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      let userId: string | null = null;
      let byCookie = false;
      if (token !== undefined) userId = verifyAgentToken(ctx.agentTokenSecret, token, ctx.now());
      else if (ownOrigins.has(String(socket.handshake.headers.origin ?? ''))) {
        userId = await ctx.actors.userIdOf(socket.handshake.headers);
        byCookie = true;
      }
      if (!userId) return next(new Error('unauthenticated'));
      Object.assign(socket.data, { userId, byCookie });
      next();
    } catch (err) {
      ctx.logger.warn({ err }, 'agent socket authentication failed');
      next(new Error('unauthenticated'));
    }
  });

  nsp.on('connection', (raw) => serve(raw as unknown as AgentSocket, ctx));
  deps.outbox.bind(nsp);
  return {
    /** Stops this instance's sockets and the adapter's listening; the HTTP server is closed by its owner. */
    close: async () => {
      deps.outbox.bind(null);
      // Local only: a broadcast would disconnect the other instances' sockets too.
      nsp.local.disconnectSockets(true);
      io.engine.close();
      // The adapter's LISTEN connection goes back to the pool once every namespace's adapter closes.
      for (const n of [io.of('/'), nsp]) await n.adapter.close();
      await listening.giveBack();
    },
  };
}

function serve(socket: AgentSocket, ctx: AgentContext) {
  const { userId, byCookie } = socket.data;
  // A cookie's session is asked again with each use case, as a request's is; a token was checked once.
  const actor = (): Actor =>
    byCookie ? createActor({ requestId: '', visitorId: '', headers: socket.handshake.headers }, ctx.actors) : actorFor({ userId }, ctx.actors);
  const refuse = (code: string, message: string, requestId?: string) =>
    socket.emit('agent_error', { code, message, ...(requestId ? { request_id: requestId } : {}) });
  const failed = (err: unknown, fallback: string) => {
    if (err instanceof DomainError) refuse(err.code, err.message);
    else {
      ctx.logger.error({ err }, 'agent socket message failed');
      refuse('proxy_error', fallback);
    }
  };

  // Tasks this socket started or rejoined as their owner: a reply for one needs no database read
  // (one fewer query on each round trip); any other task is looked up.
  const ownTasks = new Set<string>();

  socket.onAny((event: string) => {
    if (!CLIENT_MESSAGES.has(event)) refuse('unknown_method', AGENT_TEXTS.unknownMethod(String(event).slice(0, 100)));
  });

  socket.on('start_agent', async (payload: unknown) => {
    const start = checkStartAgent(payload);
    if (!start) return refuse('invalid_message', AGENT_TEXTS.startFailure);
    try {
      const input = { taskUuid: start.task_uuid, task: start.task, url: start.url, extensionVersion: start.extension_version };
      // The room once the task is known to be this person's, before its loop's first request.
      const { started } = await startAgentTask(ctx, actor(), input, async () => socket.join(taskRoom(start.task_uuid)));
      ownTasks.add(start.task_uuid);
      if (started) socket.emit('agent_started', { task_uuid: start.task_uuid, started_at: ctx.now().toISOString() });
      // A task started before (the extension reconnecting): its loop sends a waiting request again.
      else await ctx.agentRuns.signal(start.task_uuid, { kind: 'connected' });
    } catch (err) {
      await socket.leave(taskRoom(start.task_uuid));
      failed(err, AGENT_TEXTS.startFailure);
    }
  });

  socket.on('rpc_response', async (payload: unknown) => {
    const receivedAt = Date.now();
    const reply = checkRpcResponse(payload);
    if (!reply) return refuse('no_method', AGENT_TEXTS.noMethod);
    const taskUuid = taskOfRequestId(ctx.agentTokenSecret, reply.request_id);
    // Not a request this server sent, or not one of this socket's tasks: dropped.
    if (!taskUuid) return refuse('unknown_request', AGENT_TEXTS.proxyError, reply.request_id);
    if (!socket.rooms.has(taskRoom(taskUuid)) || !(ownTasks.has(taskUuid) || (await isOwnAgentTask(ctx, userId, taskUuid))))
      return refuse('not_yours', AGENT_TEXTS.proxyError, reply.request_id);
    try {
      await ctx.agentRuns.signal(taskUuid, {
        kind: 'reply',
        request_id: reply.request_id,
        response: reply.response as Record<string, unknown>,
        received_at: receivedAt,
      });
    } catch (err) {
      failed(err, AGENT_TEXTS.proxyError);
    }
  });

  const control = (
    event: string,
    run: (a: Actor, taskUuid: string, payload: unknown) => Promise<unknown>,
    check: (p: unknown) => { task_uuid: string } | null,
  ) =>
    socket.on(event, async (payload: unknown) => {
      const ref = check(payload);
      if (!ref) return refuse('invalid_message', AGENT_TEXTS.taskFailure);
      try {
        await run(actor(), ref.task_uuid, ref);
      } catch (err) {
        failed(err, AGENT_TEXTS.taskFailure);
      }
    });
  control('pause_agent', (a, t) => pauseAgentTask(ctx, a, t), checkTaskRef);
  control('resume_agent', (a, t) => resumeAgentTask(ctx, a, t), checkTaskRef);
  control('stop_agent', (a, t) => stopAgentTask(ctx, a, t), checkTaskRef);
  control(
    'confirm_action',
    (a, t, p) => {
      const c = p as { step: number; approved: boolean };
      return confirmAgentAction(ctx, a, t, { step: c.step, approved: c.approved });
    },
    checkConfirmAction,
  );
}
