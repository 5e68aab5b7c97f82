// A fake website for tests of link fetching, on 127.0.0.1 at a random port: an article about a
// made-up topic (so searches can find its words), and pages that fail in each way a fetch can.
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { listenLoopback } from './listen.js';

export const ARTICLE_TITLE = 'The Glimmerfen Lanternmoth';
export const ARTICLE_PHRASE = 'lanternmoths navigate by the glow of quillwort bogs';
export const PLAIN_TEXT = 'Plain notes on the Glimmerfen survey.\n\nThe quillwort count rose again this spring.';

const ARTICLE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${ARTICLE_TITLE}</title></head>
<body>
  <nav><a href="/">Home</a> | <a href="/about">About</a></nav>
  <article>
    <h1>${ARTICLE_TITLE}</h1>
    <p>The Glimmerfen lanternmoth is a small moth found only in the peat marshes of the imaginary
       Glimmerfen valley. Naturalists first described it in a survey that nobody can find any more.</p>
    <p>Field notes say that ${ARTICLE_PHRASE}, which reflect moonlight in a faint green shimmer.
       On cloudy nights the moths stay close to the ground and rest on sedge stems until dawn.</p>
    <p>Each summer the moths gather in swarms of several thousand above the deepest pools. Local
       stories claim the swarms foretell a wet autumn, although the records do not support this.</p>
    <p>Conservation groups monitor the marshes every year, counting larvae on quillwort leaves and
       measuring the water level, because draining even one pool could end a whole colony.</p>
  </article>
  <footer>Glimmerfen Natural History Society</footer>
</body>
</html>`;

const BIG_BYTES = 11 * 1024 * 1024;
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// About 3 MB of HTML in pieces, without Content-Length, so only counting can catch its size.
function streamBig(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const piece = `<p>${'filler '.repeat(1000)}</p>\n`;
  let sent = 0;
  const writeMore = () => {
    while (sent < BIG_BYTES && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', writeMore);
    }
    res.end();
  };
  res.write('<!doctype html><html><head><title>Big</title></head><body>');
  writeMore();
}

export async function startWebPages(): Promise<{ url: string; hostPort: string; close(): Promise<void> }> {
  const slowTimers = new Set<NodeJS.Timeout>();
  const fake = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    switch (url.pathname) {
      case '/article':
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE_HTML);
      case '/plain':
        return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(PLAIN_TEXT);
      case '/latin1':
        // "Café crème" in ISO-8859-1 bytes: only decoding by the declared charset reads it right.
        return void res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from('Caf\xe9 cr\xe8me', 'latin1'));
      case '/gzip':
        // Compressed although nobody asked for it, as some servers do.
        return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' }).end(gzipSync(PLAIN_TEXT));
      case '/image':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_HEADER);
      case '/big':
        return streamBig(res);
      case '/slow': {
        // Answers after 15 s at the earliest; unref so a pending answer never keeps a test alive.
        const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>finally</p>'), 15_000).unref();
        slowTimers.add(timer);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case '/redirect-local':
        return void res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
      case '/redirect':
        return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      default:
        return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  const hostPort = new URL(fake.url).host;
  return {
    url: fake.url,
    hostPort,
    close: async () => {
      for (const timer of slowTimers) clearTimeout(timer);
      await fake.close();
    },
  };
}
