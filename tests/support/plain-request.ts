// One HTTP request on node:http with a kept-alive connection, sending what fetch sends (its default
// headers, a text body's content type), so a server sees the same request: about a third of the
// CPU of fetch a request on this machine (0.18 against 0.55 ms with the server's side, measured),
// which counts in the files that send thousands (the fuzz and the validator's differential test).
// Redirects are not followed (fetch's `redirect: 'manual'`); the body is decoded as UTF-8.
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true });

// What fetch adds when a request does not say otherwise (Node 24's undici).
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

export type PlainAnswer = { status: number; headers: Headers; text: string };

export type PlainRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For an event stream (which may stay open): what came within this many ms, then the connection is closed. */
  streamReadMs?: number;
};

export async function plainRequest(url: string | URL, r: PlainRequest = {}): Promise<PlainAnswer> {
  try {
    return await sendOnce(url, r);
  } catch (err) {
    // A kept-alive connection the server closed (idle past its keep-alive timeout) just as the
    // request went out on it: the server never read the request, so it is sent again on a new
    // one, as Node's documentation advises.
    if ((err as { reusedSocket?: boolean }).reusedSocket && (err as NodeJS.ErrnoException).code === 'ECONNRESET') return sendOnce(url, r);
    throw err;
  }
}

function sendOnce(url: string | URL, r: PlainRequest): Promise<PlainAnswer> {
  const method = (r.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(r.headers ?? {})) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) headers[name] ??= value;
  if (typeof r.body === 'string') headers['content-type'] ??= 'text/plain;charset=UTF-8';
  const body = typeof r.body === 'string' ? Buffer.from(r.body, 'utf8') : r.body;
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  else if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = '0';
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let cut: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(cut);
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, v);
        }
        resolve({ status: res.statusCode!, headers: answerHeaders, text: decoded(Buffer.concat(chunks), res.headers['content-encoding']) });
      };
      const readForAWhile = r.streamReadMs !== undefined && !!res.headers['content-type']?.startsWith('text/event-stream');
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', done);
      // A stream read for a while ends with what came, even cut short (as a cancelled reader of
      // fetch's body); another body that breaks is an error, as fetch's `text()` throws.
      res.on('error', (err) => (readForAWhile ? done() : reject(err)));
      if (readForAWhile)
        cut = setTimeout(() => {
          res.removeListener('end', done);
          res.destroy();
          done();
        }, r.streamReadMs);
    });
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

/** The body as text, as fetch's `text()` makes it: unpacked, UTF-8, a leading byte order mark dropped. */
function decoded(bytes: Buffer, encoding: string | undefined) {
  const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
  return new TextDecoder().decode(plain);
}
