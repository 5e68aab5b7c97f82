// Builds the browser extension (`make extension`): the service worker and side panel (ES modules)
// and the page script (one IIFE, injected into tabs) with Vite into dist/extension, the manifest
// with the app's origins, and dist/extension.zip for the stores.
// EXTENSION_APP_ORIGINS (comma-separated, e.g. https://answers.example.org) names the app's
// origins, the only pages that may talk to the extension; PUBLIC_URL's origin is used when unset,
// and local development's http://localhost and http://127.0.0.1 (any port) otherwise.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'extension');
const OUT = join(ROOT, 'dist', 'extension');
const quiet = { logLevel: 'warn', configFile: false, publicDir: false };

function appOriginPatterns() {
  const listed = (process.env.EXTENSION_APP_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const origins = listed.length ? listed : process.env.PUBLIC_URL ? [process.env.PUBLIC_URL] : ['http://localhost', 'http://127.0.0.1'];
  return origins.map((o) => `${new URL(o).origin}/*`);
}

/** A square PNG of one colour (the toolbar and notification icon), without an image library. */
function iconPng(size) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [15, 118, 110]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const filesUnder = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));

await build({
  ...quiet,
  root: SRC,
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'chrome116',
    modulePreload: false,
    minify: true,
    rollupOptions: {
      input: { background: join(SRC, 'src/background.ts'), sidepanel: join(SRC, 'sidepanel.html') },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
await build({
  ...quiet,
  root: SRC,
  build: {
    outDir: OUT,
    emptyOutDir: false,
    target: 'chrome116',
    minify: true,
    lib: { entry: join(SRC, 'src/page/main.ts'), formats: ['iife'], name: 'answerEngineAgentPage', fileName: () => 'page.js' },
  },
});

const manifest = JSON.parse(readFileSync(join(SRC, 'manifest.json'), 'utf8'));
manifest.version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version?.replace(/[^0-9.]/g, '') || manifest.version;
manifest.externally_connectable = { matches: appOriginPatterns() };
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const size of [16, 48, 128]) writeFileSync(join(OUT, `icon-${size}.png`), iconPng(size));

mkdirSync(join(ROOT, 'dist'), { recursive: true });
const entries = Object.fromEntries(filesUnder(OUT).map((f) => [relative(OUT, f).split('\\').join('/'), readFileSync(f)]));
writeFileSync(join(ROOT, 'dist', 'extension.zip'), zipSync(entries, { level: 9 }));
console.log(
  `extension: dist/extension (${Object.keys(entries).length} files) and dist/extension.zip for ${manifest.externally_connectable.matches.join(', ')}`,
);
