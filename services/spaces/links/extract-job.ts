// Page extraction as a worker job (see extract-in-worker.ts). Whatever goes wrong comes back as
// a value: an error crossing to another thread loses its class.
import { type ExtractedPage, extractPage } from './extract.js';
import type { FetchedPage } from './safe-fetch.js';

export type PageJobOutcome = { ok: true; page: ExtractedPage } | { ok: false };

export function extractPageJob(page: FetchedPage): PageJobOutcome {
  try {
    return { ok: true, page: extractPage(page) };
  } catch {
    // A parser that throws on hostile markup (a stack overflow, say): the page is unreadable.
    return { ok: false };
  }
}
