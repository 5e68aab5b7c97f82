// Issue 30, item 14: `/readyz` while ONE large file indexes, each type in turn, and a 5,000-page
// PDF. The `untrusted` bench indexes all of them at once, where a single stall of a second is one
// probe in thousands and hides under the p99; here each file has the server to itself, and the
// longest probe is printed beside the p99. Baseline: the same probe with nothing processed, in
// the same run. Figures only.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { indexStream, MY_FILES, postToBucket, uploadUrls, type LocalFile } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { collect } from '../support/sse.js';
import { percentile } from './answers-client.js';
import { withBenchServer } from './bench-server.js';
import { generateFiles, probe } from './untrusted.js';
import { fmt, note, verdict, type Row } from './util.js';

const BUDGET_MS = 100;
const PDF_PAGES = 5_000;
/** BENCH_ALONE_FILES=csv,pdf runs only the files whose names end so (default: all). */
const ONLY = process.env.BENCH_ALONE_FILES?.split(',').filter(Boolean);

export async function benchUntrustedAlone(): Promise<Row[]> {
  note('untrusted-alone: generating a 50 MB file of each type and a 5,000-page PDF');
  const files = [...(await generateFiles()), await manyPagesPdf()].filter((f) => !ONLY || ONLY.some((end) => f.filename.endsWith(end)));
  return withBenchServer('untrusted-alone', { poolSize: 2 }, async ({ server }) => {
    const ada = await signedUp(server.url, 'Ada');
    const idle = await probe(server.url, '/readyz', { count: 500 });
    const rows: Row[] = [];
    for (const file of files) {
      const uploaded = await upload(server.url, ada, file);
      const started = performance.now();
      const work = index(ada, file, uploaded);
      const loaded = await probe(server.url, '/readyz', { until: work });
      const outcome = await work;
      const seconds = (performance.now() - started) / 1000;
      note(
        `untrusted-alone: ${file.filename}: ${outcome} in ${fmt(seconds, 1)} s; /readyz p99 ${fmt(percentile(loaded, 99), 1)} ms, max ${fmt(Math.max(...loaded), 1)} ms`,
      );
      rows.push({
        bench: 'untrusted-alone',
        metric: `/readyz while ${file.filename} (${fmt(file.bytes.byteLength / 1e6, 1)} MB) indexes alone: ${outcome} in ${fmt(seconds, 1)} s, ${fmt(loaded.length)} probes`,
        measured: `p99 ${fmt(percentile(loaded, 99), 1)} ms, max ${fmt(Math.max(...loaded), 1)} ms`,
        baseline: `p99 ${fmt(percentile(idle, 99), 1)} ms, max ${fmt(Math.max(...idle), 1)} ms idle`,
        ratio: '',
        budget: `p99 < ${BUDGET_MS} ms`,
        verdict: verdict(percentile(loaded, 99) < BUDGET_MS),
      });
    }
    return rows;
  });
}

type Uploaded = { s3_object_url: string; file_uuid: string };

async function upload(base: string, b: Browser, file: LocalFile): Promise<Uploaded> {
  const urls = await uploadUrls(b, MY_FILES, [file]);
  if (urls.status !== 200) throw new Error(`upload address: ${urls.status} ${urls.text}`);
  const params = urls.json.file_url_params[0];
  const stored = await postToBucket(base, params, file);
  if (stored.status >= 300) throw new Error(`upload of ${file.filename}: ${stored.status}`);
  return params;
}

async function index(b: Browser, file: LocalFile, p: Uploaded): Promise<string> {
  const res = await indexStream(b, MY_FILES, [
    { file_s3_url: p.s3_object_url, file_size: file.bytes.byteLength, filename: file.filename, file_uuid: p.file_uuid, replace_existing: false },
  ]);
  if (res.status !== 200) throw new Error(`index: ${res.status} ${await res.text()}`);
  const last = (await collect(res)).at(-1)?.data as { status: string; detail?: string } | undefined;
  return last ? `${last.status}${last.detail ? ` (${last.detail})` : ''}` : 'no progress event';
}

/** A 5,000-page PDF, a line of text a page. */
async function manyPagesPdf(): Promise<LocalFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PDF_PAGES; i++)
    doc.addPage([612, 792]).drawText(`Page ${i}: the quarterly figures of region ${i % 97} and item ${i}.`, { x: 40, y: 740, size: 10, font });
  return { filename: 'five-thousand-pages.pdf', bytes: Buffer.from(await doc.save()) };
}
