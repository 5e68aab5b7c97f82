// Makes the built API docs page (redocly build-docs --inlineBundle) load nothing from the
// internet: Redoc 3 still takes its "powered by" logo from Redocly's CDN, so the logo is swapped
// for an inline image. Fails if any other address the page would load is left.
// Usage: node scripts/offline-docs.mjs dist/api-docs.html
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/offline-docs.mjs <built docs html>');
const LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='64' height='16'%3E%3Ctext x='0' y='12' font-family='sans-serif' font-size='12' fill='%23888'%3ERedocly%3C/text%3E%3C/svg%3E";
const CDN_IMAGES = /https:\/\/cdn\.redoc(?:ly\.com|\.ly)\/[\w./-]+\.(?:svg|png|ico)/g;

let html = readFileSync(file, 'utf8');
html = html.replace(CDN_IMAGES, LOGO);
const left = remoteLoads(html);
if (left.length) throw new Error(`${file} still loads from the internet:\n  ${left.join('\n  ')}`);
writeFileSync(file, html);

/** Addresses a browser would fetch: src/href of loading elements, CSS url() and @import, image sources in scripts. */
export function remoteLoads(text) {
  const found = new Set();
  const patterns = [
    /<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\ssrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi,
    /<link\b[^>]*\shref\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi,
    /url\(\s*["']?(https?:\/\/[^"')\s]+)/gi,
    /@import\s+["'](https?:\/\/[^"']+)/gi,
    /(https?:\/\/[\w.-]+\/[\w./-]*\.(?:svg|png|jpe?g|gif|webp|ico|woff2?|ttf|css|js))\b/gi,
  ];
  for (const p of patterns) for (const m of text.matchAll(p)) if (!/^http:\/\/www\.w3\.org\//.test(m[1])) found.add(m[1]);
  return [...found];
}
