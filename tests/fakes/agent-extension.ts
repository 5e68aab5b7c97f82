// A scripted stand-in for the browser extension, for tests only: a socket.io client on the
// /agent namespace that starts tasks and answers each request as a browser would (`answer`
// scripts the replies), keeping every message it was sent. Connects to the test's own server on 127.0.0.1.
import { io, type Socket } from 'socket.io-client';

export type AgentRequestSeen = { request_id: string; method: string; request: Record<string, unknown> };
export type Answer = (req: AgentRequestSeen) => Record<string, unknown> | undefined;

export type FakeExtension = {
  socket: Socket;
  requests: AgentRequestSeen[];
  received: { event: string; payload: any }[];
  /** The first message of this kind (and matching `where`) received, waiting for it. */
  next: (event: string, where?: (payload: any) => boolean) => Promise<any>;
  start: (task: string, taskUuid: string, url?: string) => void;
  close: () => void;
};

const START_DEFAULTS = { extension_version: '1.0.0', tabs_context: { tabs: [] }, extra_headers: {}, client_start_time_ms: 1 };

/** Connects and resolves once connected; rejects with the server's reason when refused. */
export async function connectExtension(baseUrl: string, opts: { token?: string; headers?: Record<string, string>; answer?: Answer }): Promise<FakeExtension> {
  const socket = io(`${baseUrl}/agent`, {
    transports: ['websocket'],
    reconnection: false,
    auth: opts.token === undefined ? {} : { token: opts.token },
    extraHeaders: opts.headers,
  });
  const requests: AgentRequestSeen[] = [];
  const received: { event: string; payload: any }[] = [];
  const waiters: { event: string; where?: (p: any) => boolean; resolve: (p: any) => void }[] = [];
  socket.onAny((event: string, payload: any) => {
    received.push({ event, payload });
    for (const w of [...waiters])
      if (w.event === event && (!w.where || w.where(payload))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
    if (event === 'request') {
      requests.push(payload);
      const response = opts.answer?.(payload);
      if (response) socket.emit('rpc_response', { request_id: payload.request_id, response });
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return {
    socket,
    requests,
    received,
    next: (event, where) => {
      const seen = received.find((r) => r.event === event && (!where || where(r.payload)));
      if (seen) return Promise.resolve(seen.payload);
      return new Promise((resolve) => waiters.push({ event, where, resolve }));
    },
    start: (task, taskUuid, url = 'https://flights.example.com/search') => socket.emit('start_agent', { ...START_DEFAULTS, task, task_uuid: taskUuid, url }),
    close: () => socket.close(),
  };
}

/** A page as ReadPage gives it: numbered interactive elements. */
export const FLIGHTS_PAGE = '[1] button "Search flights"\n[2] button "Pay now"\n[3] textbox "Email"';

/** Replies as a browser would: the page's elements, its text, and plain success for actions. */
export const browserLike =
  (pageText = 'Flights from Oslo to Paris: 120 EUR, 95 EUR.'): Answer =>
  (req) => {
    if (req.method === 'ReadPage') return { text: FLIGHTS_PAGE };
    if (req.method === 'GetPageText') return { text: pageText };
    if (req.method === 'TabsContext') return { tabs: { tabs: [{ id: 1, url: 'https://flights.example.com/search', title: 'Flights' }] } };
    return { text: 'ok' };
  };
