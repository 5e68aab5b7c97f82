// Issue budget (untrusted content off the main thread): while a 50 MB file of each indexed type
// and a 10 MB page are processed, `/readyz` p99 stays under 100 ms, against the same probe with
// nothing processed, in the same run. Figures only. The real server (a child process, production
// settings, the local bucket) on a temporary embedded PostgreSQL; the page comes from a local
// site the server is allowed to fetch. Text formats are 50 MB of generated text; PDF and Office
// files hold generated text plus an embedded binary part (an attachment or an image) that brings
// them to 50 MB, as scanned or illustrated documents do. `/readyz` also asks PostgreSQL, which
// the same two cores run while it writes the passages; `/healthz` (no database) is probed beside
// it to show the event loop alone.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Document, ImageRun, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import type { IndexedType } from '../../services/files/file-types.js';
import { indexStream, MY_FILES, postToBucket, uploadUrls, type LocalFile } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { collect } from '../support/sse.js';
import { withBenchServer } from './bench-server.js';
import { percentile } from './answers-client.js';
import { fmt, note, sleep, verdict, type Row } from './util.js';

const FILE_BYTES = 50_000_000; // under the default 50 MiB upload limit
const PAGE_BYTES = 10_000_000;
const BASELINE_PROBES = 500;
const PROBE_GAP_MS = 20;
const BUDGET_MS = 100;

export async function benchUntrusted(): Promise<Row[]> {
  note('untrusted: generating a 50 MB file of each type and a 10 MB page');
  const files = await generateFiles();
  for (const f of files) note(`untrusted: ${f.filename} ${fmt(f.bytes.byteLength / 1e6, 1)} MB`);
  const page = generatePage();
  const site = createServer((req, res) => {
    if (req.url !== '/long-page') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    return await withBenchServer('untrusted', { poolSize: 2, env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: new URL(siteUrl).host } }, async ({ server }) => {
      const ada = await signedUp(server.url, 'Ada');
      const space = (await ada.post('/rest/collections/create_collection', { title: 'Long pages' })).json;

      // Bytes in storage first: the budget is about processing them, not receiving them.
      const urls = await uploadUrls(ada, MY_FILES, files);
      if (urls.status !== 200) throw new Error(`upload addresses: ${urls.status} ${urls.text}`);
      const params = urls.json.file_url_params as { s3_bucket_url: string; fields: Record<string, string>; s3_object_url: string; file_uuid: string }[];
      for (const [i, p] of params.entries()) {
        const stored = await postToBucket(server.url, p, files[i]);
        if (stored.status >= 300) throw new Error(`upload of ${files[i].filename}: ${stored.status}`);
      }

      note(`untrusted: baseline, ${BASELINE_PROBES} probes of each with nothing processed`);
      const [baseline, baseHealth] = await Promise.all([
        probe(server.url, '/readyz', { count: BASELINE_PROBES }),
        probe(server.url, '/healthz', { count: BASELINE_PROBES }),
      ]);

      note('untrusted: indexing the files and adding the page while probing');
      const started = performance.now();
      const work = Promise.all([indexAll(ada, params, files, started), addLink(ada, space.uuid, `${siteUrl}/long-page`, started)]);
      const [loaded, loadedHealth] = await Promise.all([probe(server.url, '/readyz', { until: work }), probe(server.url, '/healthz', { until: work })]);
      const [indexed, link] = await work;
      const seconds = (performance.now() - started) / 1000;

      for (const outcome of indexed.outcomes) note(`untrusted: ${outcome}`);
      note(`untrusted: page: ${link}`);
      const summary = (xs: number[]) =>
        `p50 ${fmt(percentile(xs, 50), 1)} ms, p99 ${fmt(percentile(xs, 99), 1)} ms, max ${fmt(Math.max(...xs), 1)} ms, ${fmt(xs.length)} probes`;
      note(`untrusted: /readyz with nothing processed: ${summary(baseline)}`);
      note(`untrusted: /readyz while processing (${fmt(seconds, 1)} s): ${summary(loaded)}`);
      note(`untrusted: /healthz with nothing processed: ${summary(baseHealth)}`);
      note(`untrusted: /healthz while processing: ${summary(loadedHealth)}`);
      const p99 = percentile(loaded, 99);
      const baseP99 = percentile(baseline, 99);
      const healthP99 = percentile(loadedHealth, 99);
      const baseHealthP99 = percentile(baseHealth, 99);
      return [
        {
          bench: 'untrusted',
          metric: `/readyz p99 while 8 files of 50 MB and a 10 MB page are processed (${fmt(seconds, 0)} s, ${fmt(loaded.length)} probes)`,
          measured: `${fmt(p99, 1)} ms (p50 ${fmt(percentile(loaded, 50), 1)}, max ${fmt(Math.max(...loaded), 1)})`,
          baseline: `${fmt(baseP99, 1)} ms idle (p50 ${fmt(percentile(baseline, 50), 1)})`,
          ratio: `${signed1(p99 - baseP99)} ms`,
          budget: `< ${BUDGET_MS} ms`,
          verdict: verdict(p99 < BUDGET_MS),
        },
        {
          bench: 'untrusted',
          metric: '/healthz p99 (no database: the event loop alone), same run',
          measured: `${fmt(healthP99, 1)} ms (p50 ${fmt(percentile(loadedHealth, 50), 1)}, max ${fmt(Math.max(...loadedHealth), 1)})`,
          baseline: `${fmt(baseHealthP99, 1)} ms idle (p50 ${fmt(percentile(baseHealth, 50), 1)})`,
          ratio: `${signed1(healthP99 - baseHealthP99)} ms`,
          budget: '',
          verdict: '',
        },
        {
          bench: 'untrusted',
          metric: 'outcomes while probed',
          measured: `${indexed.succeeded}/${files.length} files indexed; page ${link.split(' ')[0]}`,
          baseline: '',
          ratio: '',
          budget: '',
          verdict: '',
        },
      ];
    });
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
}

const signed1 = (n: number) => `${n >= 0 ? '+' : '-'}${fmt(Math.abs(n), 1)}`;

/** Latencies of GET `path`, one probe after another with a short gap: `count` of them, or until `until` settles. */
export async function probe(base: string, path: string, opts: { count?: number; until?: Promise<unknown> }): Promise<number[]> {
  let settled = false;
  void opts.until?.finally(() => {
    settled = true;
  });
  const latencies: number[] = [];
  while (opts.count ? latencies.length < opts.count : !settled) {
    const t = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    if (!res.ok) note(`untrusted: ${path} answered ${res.status}`);
    await sleep(PROBE_GAP_MS);
  }
  return latencies;
}

async function indexAll(b: Browser, params: { s3_object_url: string; file_uuid: string }[], files: LocalFile[], started: number) {
  const res = await indexStream(
    b,
    MY_FILES,
    params.map((p, i) => ({
      file_s3_url: p.s3_object_url,
      file_size: files[i].bytes.byteLength,
      filename: files[i].filename,
      file_uuid: p.file_uuid,
      replace_existing: false,
    })),
  );
  if (res.status !== 200) throw new Error(`index: ${res.status} ${await res.text()}`);
  const events = await collect(res);
  const last = new Map<string, { filename: string; status: string; detail?: string }>();
  for (const e of events) last.set(e.data.file_uuid, e.data);
  const outcomes = [...last.values()].map((d) => `${d.filename}: ${d.status}${d.detail ? ` (${d.detail})` : ''}`);
  outcomes.push(`all files done after ${fmt((performance.now() - started) / 1000, 1)} s`);
  return { outcomes, succeeded: [...last.values()].filter((d) => d.status === 'success').length };
}

async function addLink(b: Browser, spaceUuid: string, link: string, started: number): Promise<string> {
  const res = await b.post('/rest/collections/focused_web_config/links', { collection_uuid: spaceUuid, link });
  const after = `after ${fmt((performance.now() - started) / 1000, 1)} s`;
  if (res.status !== 200) return `refused ${res.status} ${res.json?.code}: ${res.json?.detail} (${after})`;
  const added = res.json.focused_web_config.link_configs.find((l: { link: string }) => l.link === link);
  return `added${added?.text_truncated ? ', text cut at the cap' : ''} (${after})`;
}

// Deterministic generated prose: words from syllables, sentences from words.
function prose(seed: number) {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'pra', 'sho', 'tel', 'dor', 'ben', 'gal', 'fin', 'quo', 'wes'];
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  const word = () => Array.from({ length: 1 + (next() % 3) }, () => syllables[next() % syllables.length]).join('');
  const sentence = () => {
    const words = Array.from({ length: 6 + (next() % 10) }, word);
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 5 }, sentence).join(' ');
  return { next, word, sentence, paragraph };
}

/** Pieces from `piece(i)` until `bytes` are reached. */
function textOf(bytes: number, piece: (i: number) => string, opening = '', closing = ''): Buffer {
  const parts = [opening];
  let size = opening.length + closing.length;
  for (let i = 0; size < bytes; i++) {
    const p = piece(i);
    parts.push(p);
    size += Buffer.byteLength(p);
  }
  parts.push(closing);
  return Buffer.from(parts.join(''));
}

export async function generateFiles(): Promise<LocalFile[]> {
  const words = prose(42);
  const text: Record<'txt' | 'md' | 'csv' | 'json', Buffer> = {
    txt: textOf(FILE_BYTES, () => `${words.paragraph()}\n\n`),
    md: textOf(FILE_BYTES, (i) => (i % 20 === 0 ? `## Section ${i / 20}\n\n` : `${words.paragraph()}\n\n`)),
    csv: textOf(
      FILE_BYTES,
      (i) => `${i},${words.word()} ${words.word()},${words.word()},${words.next() % 100_000},"${words.sentence()}"\r\n`,
      'id,name,city,amount,note\r\n',
    ),
    json: textOf(FILE_BYTES, (i) => `${i ? ',' : ''}{"id":${i},"name":"${words.word()}","notes":"${words.sentence()}"}`, '[', ']'),
  };
  // The binary formats: about 3 MB of text, the rest an embedded part of random bytes.
  const paragraphs = Array.from({ length: 8_000 }, () => words.paragraph());
  const filler = (size: number) => randomBytes(Math.max(0, Math.floor(size)));
  const binary: Record<'pdf' | 'docx' | 'pptx' | 'xlsx', Buffer> = {
    pdf: await padded(FILE_BYTES, async (pad) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let p = 0; p < paragraphs.length; p += 8) {
        const page = doc.addPage([612, 792]);
        let y = 740;
        for (const paragraph of paragraphs.slice(p, p + 8))
          for (let at = 0; at < paragraph.length; at += 95) {
            page.drawText(paragraph.slice(at, at + 95), { x: 40, y, size: 8, font });
            y -= 9;
          }
      }
      if (pad) await doc.attach(filler(pad), 'scan.bin', { mimeType: 'application/octet-stream' });
      return Buffer.from(await doc.save());
    }),
    docx: await padded(FILE_BYTES, async (pad) => {
      const children = paragraphs.map((t) => new Paragraph({ text: t }));
      if (pad) children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: filler(pad), transformation: { width: 100, height: 100 } })] }));
      return Packer.toBuffer(new Document({ sections: [{ children }] }));
    }),
    pptx: await padded(FILE_BYTES, async (pad) => {
      const deck = new PptxGenJS();
      for (let s = 0; s < paragraphs.length; s += 10) {
        const slide = deck.addSlide();
        slide.addText(`Slide ${s / 10 + 1}`, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28 });
        slide.addText(paragraphs.slice(s, s + 10).join('\n'), { x: 0.5, y: 1.3, w: 9, h: 4, fontSize: 8 });
        if (pad && s === 0) slide.addImage({ data: `image/png;base64,${filler(pad).toString('base64')}`, x: 1, y: 1, w: 1, h: 1 });
      }
      return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
    }),
    xlsx: await padded(FILE_BYTES, async (pad) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['id', 'name', 'note']);
      for (const [i, t] of paragraphs.entries()) sheet.addRow([i, words.word(), t]);
      if (pad) sheet.addImage(workbook.addImage({ buffer: filler(pad) as unknown as ExcelJS.Buffer, extension: 'png' }), 'E2:F3');
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }),
  };
  const all: Record<IndexedType, Buffer> = { ...text, ...binary };
  return (Object.keys(all) as IndexedType[]).map((type) => ({ filename: `fifty.${type}`, bytes: all[type] }));
}

/** A file built once without padding, then again with the random part that brings it to `target` bytes. */
async function padded(target: number, build: (pad: number) => Promise<Buffer>): Promise<Buffer> {
  const bare = await build(0);
  const first = await build(target - bare.length - 64 * 1024);
  // Formats that base64 or frame the part grow by more than the part: shrink it by the overshoot.
  return first.length <= target ? first : build(target - bare.length - 64 * 1024 - (first.length - target) * 1.4);
}

function generatePage(): string {
  const words = prose(7);
  return textOf(
    PAGE_BYTES,
    (i) => (i % 30 === 0 ? `<h2>Part ${i / 30}</h2>\n` : `<p>${words.paragraph()}</p>\n`),
    '<!doctype html><html><head><title>A very long page</title></head><body><nav><a href="/">Home</a></nav><article>\n',
    '</article></body></html>',
  ).toString();
}
