// A fake OpenAI-compatible images API (POST /images/edits, multipart), for tests only. It
// "edits" deterministically: the answer is the last image it was sent, as b64_json. It can be
// told to fail (500), hang (never answer: the client's time limit ends it), answer a
// decompression bomb (a PNG header claiming 100,000 × 100,000 pixels), or answer no image; it
// records each request's model, prompt, images and Authorization header.
import { listenLoopback } from './listen.js';

export type ImageProviderMode = 'ok' | 'fail' | 'hang' | 'bomb' | 'empty';
export type ImageEditRequest = { model: string; prompt: string; images: { name: string; type: string; bytes: Buffer }[]; authorization: string | null };

/** A PNG's signature and IHDR chunk claiming width × height; nothing after it decodes. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(16)]);
}

export async function startImageProviderFake(opts: { apiKey?: string } = {}) {
  let mode: ImageProviderMode = 'ok';
  const requests: ImageEditRequest[] = [];
  const fake = await listenLoopback(async (req, res) => {
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/images/edits') return json(404, { error: { message: 'Not Found' } });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    })
      .formData()
      .catch(() => null);
    if (!form) return json(400, { error: { message: 'Expected multipart/form-data' } });
    const files = [...form.getAll('image'), ...form.getAll('image[]')].filter((f): f is File => typeof f !== 'string');
    const images = await Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, bytes: Buffer.from(await f.arrayBuffer()) })));
    requests.push({ model: String(form.get('model')), prompt: String(form.get('prompt')), images, authorization: req.headers.authorization ?? null });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return json(401, { error: { message: 'Incorrect API key provided' } });
    if (!images.length) return json(400, { error: { message: 'image is required' } });
    if (mode === 'fail') return json(500, { error: { message: 'The server had an error' } });
    if (mode === 'hang') return; // never answers
    if (mode === 'empty') return json(200, { created: 0, data: [] });
    const out = mode === 'bomb' ? pngHeader(100_000, 100_000) : images.at(-1)!.bytes;
    json(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: out.toString('base64') }] });
  });
  return {
    ...fake,
    requests,
    /** The server's configuration for this fake. */
    env: () => ({ IMAGE_BASE_URL: `${fake.url}/v1`, ...(opts.apiKey ? { IMAGE_API_KEY: opts.apiKey } : {}), IMAGE_MODEL: 'fake-image-1' }),
    mode: (next: ImageProviderMode) => {
      mode = next;
    },
  };
}
