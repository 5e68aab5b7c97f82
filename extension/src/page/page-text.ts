// GetPageText: the page's readable text (title, address, body), cut at a bound. It is data for the
// model, never instructions; the server marks it so.
import { PAGE_TEXT_MAX_CHARS } from '../shared/limits';

export function pageText(doc: Document, max = PAGE_TEXT_MAX_CHARS): string {
  const body = doc.body as HTMLElement | null;
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted (no scripts, no hidden parts)
  const text = (body?.innerText || body?.textContent || '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
  const all = `Title: ${doc.title}\nAddress: ${doc.location?.href ?? ''}\n\n${text}`;
  return all.length > max ? all.slice(0, max) : all;
}
