// Walks an app adapter in tests: the whole listing (or its first pages, as a crash would stop it),
// a resumed walk from a checkpoint, and a delta drained page by page.
import type { AppChange, AppDocument, AppSourceAdapter } from '../../../services/connectors/adapters/app-types.js';

export async function walkApp(a: AppSourceAdapter, stopAfter = Number.POSITIVE_INFINITY, from: string | null = null) {
  const documents: AppDocument[] = [];
  let checkpoint: string | null = from;
  let pages = 0;
  do {
    const page = await a.listPage(checkpoint);
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (++pages >= stopAfter) break;
  } while (checkpoint);
  return { documents, checkpoint };
}

export async function drainDelta(a: AppSourceAdapter, cursor: string) {
  const changes: AppChange[] = [];
  let at = cursor;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await a.deltaPage(at);
    changes.push(...page.changes);
    at = page.cursor;
    if (!page.more) return { changes, cursor: at };
  }
  throw new Error('the delta did not end within 1000 pages');
}

/**
 * A walk stopped after `stopAfter` pages (as a crash would stop it) and resumed from its
 * checkpoint by a new adapter: every document either part listed, in order.
 */
export async function walkResumed(make: () => AppSourceAdapter, stopAfter: number) {
  const first = await walkApp(make(), stopAfter);
  const rest = first.checkpoint ? (await walkApp(make(), Number.POSITIVE_INFINITY, first.checkpoint)).documents : [];
  return [...first.documents, ...rest];
}
