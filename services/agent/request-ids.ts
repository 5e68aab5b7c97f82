// A request's id names its task and step and is signed by the server: a reply names the task it
// answers without the socket keeping any state, and a reply to an id the server never sent (made
// up, or altered to reach another task) is refused on any instance.
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`agent-request/v1\n${body}`).digest('base64url').slice(0, 22);

export function agentRequestId(secret: string, taskUuid: string, step: number, attempt = 0) {
  const body = `${taskUuid}.${step}.${attempt}`;
  return `${body}.${mac(secret, body)}`;
}

/** The task a request id names, or null when the server did not make it. */
export function taskOfRequestId(secret: string, requestId: unknown): string | null {
  if (typeof requestId !== 'string' || requestId.length > 100) return null;
  const parts = requestId.split('.');
  if (parts.length !== 4) return null;
  const body = parts.slice(0, 3).join('.');
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(parts[3]);
  return want.length === got.length && timingSafeEqual(want, got) ? parts[0] : null;
}
