// A tiny browser-like HTTP client for tests: keeps cookies between calls like a browser would.
// It sends on node:http what fetch would send (plain-request.ts), at a third of fetch's CPU.
import { plainRequest } from './plain-request.js';

export type Sent = { status: number; headers: Headers; text: string; json: any; setCookies: string[] };

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(method: string, path: string, opts: { json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> } = {}): Promise<Sent> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body: string | Uint8Array | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await plainRequest(new URL(path, this.baseUrl), { method, headers, body });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = res.text;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, setCookies };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.send('GET', path, { headers });
  }
  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.send('POST', path, { json, headers });
  }
}

/** The attributes of one Set-Cookie header, names lower-cased. */
export function cookieAttributes(setCookies: string[], name: string) {
  const header = setCookies.find((c) => c.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  return {
    value: pair.slice(name.length + 1),
    attrs: Object.fromEntries(
      attrs.map((a) => {
        const [k, ...v] = a.split('=');
        return [k.toLowerCase(), v.join('=') || true];
      }),
    ) as Record<string, string | true>,
  };
}
