// The two things a contract script talks to: the real server over HTTP (one cookie jar per
// person, like one browser each) and the MSW mocks in this process (one scenario; each person's
// visitor id and sign-in are swapped in before their call, as if they used their own browser).
import { getResponse } from 'msw';
import { createScenario, type ScenarioOptions } from '../../mocks/handlers';
import { Browser } from '../support/http.js';
import { databaseOf, mailedLink } from '../support/mailbox.js';

export type Reply = { status: number; code: string | null; json: any; text: string };
export type Target = {
  send: (person: string, method: string, path: string, body?: unknown) => Promise<Reply>;
  /** Follows the verification link mailed to the person's address (the server's outbox; the mocks' token). */
  verifyEmail: (person: string, email: string) => Promise<Reply>;
};

async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const problem = (res.headers.get('content-type') ?? '').startsWith('application/problem+json');
  return { status: res.status, code: problem ? (json?.code ?? null) : null, json, text };
}

export function serverTarget(baseUrl: string): Target {
  const browsers = new Map<string, Browser>();
  return {
    async verifyEmail(person, email) {
      const database = databaseOf(baseUrl);
      if (!database) throw new Error(`no database known for ${baseUrl}`);
      const link = await mailedLink(database, email, '/verify-email');
      return this.send(person, 'POST', '/api/auth/verify-email', { token: link.searchParams.get('token') });
    },
    async send(person, method, path, body) {
      const browser = browsers.get(person) ?? new Browser(baseUrl);
      browsers.set(person, browser);
      const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
      if (browser.cookies.size) headers.cookie = browser.cookieHeader();
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(new URL(path, baseUrl), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
        if (value === '' || /max-age=0/i.test(c)) browser.cookies.delete(name);
        else browser.cookies.set(name, value);
      }
      return reply(res);
    },
  };
}

const ORIGIN = 'http://mocks.contract.test';

export function mockTarget(opts: ScenarioOptions = {}): Target {
  const scenario = createScenario('anonymous', { streamDelayMs: 0, ...opts });
  const people = new Map<string, { visitorId: string; signedInId: string | null }>();
  let n = 0;
  return {
    async verifyEmail(person) {
      return this.send(person, 'POST', '/api/auth/verify-email', { token: `mock-verify:${people.get(person)?.signedInId}` });
    },
    async send(person, method, path, body) {
      const me = people.get(person) ?? { visitorId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, signedInId: null };
      people.set(person, me);
      scenario.state.visitorId = me.visitorId;
      scenario.state.signedInId = me.signedInId;
      const request = new Request(ORIGIN + path, {
        method,
        headers: { accept: 'application/json, text/event-stream', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const res = await getResponse(scenario.handlers, request);
      if (!res) throw new Error(`no mock answers ${method} ${path}`);
      me.signedInId = scenario.state.signedInId;
      return reply(res);
    },
  };
}
