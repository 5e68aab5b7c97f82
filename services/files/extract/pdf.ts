// PDF: the text of each page with unpdf's PDF.js build, one unit per page, and the Title the
// document info names. A wider gap between lines than the line height marks a paragraph.
import { getResolvedPDFJS } from 'unpdf';
import type { ParsedFile, TextUnit } from './chunk.js';
import { withTimeout } from './timeout.js';
import { EXTRACT_TIMEOUT_MS, FileExtractError } from './types.js';

export const PDF_DAMAGED = 'The PDF could not be read: it is damaged or not a PDF.';
export const PDF_PASSWORD = 'The PDF is protected by a password; remove the password and upload it again.';

type PositionedText = { str: string; hasEOL: boolean; transform: number[]; height: number };

export async function readPdf(bytes: Buffer, timeoutMs = EXTRACT_TIMEOUT_MS): Promise<ParsedFile> {
  const { getDocument } = await getResolvedPDFJS();
  // PDF.js transfers (detaches) the buffer it is given, so it gets a copy the caller never sees.
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true, stopAtErrors: false });
  try {
    return await withTimeout(readDocument(task.promise), timeoutMs, () => void task.destroy());
  } catch (error) {
    if (error instanceof FileExtractError) throw error;
    const name = (error as { name?: string } | null)?.name;
    throw new FileExtractError(name === 'PasswordException' ? PDF_PASSWORD : PDF_DAMAGED, { cause: error });
  } finally {
    await task.destroy().catch(() => {});
  }
}

type PdfDocument = Awaited<ReturnType<Awaited<ReturnType<typeof getResolvedPDFJS>>['getDocument']>['promise']>;

async function readDocument(loading: Promise<PdfDocument>): Promise<ParsedFile> {
  const pdf = await loading;
  const units: TextUnit[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    units.push({ kind: 'text', text: pageText(content.items as PositionedText[]), page: number, heading: `Page ${number}` });
    page.cleanup();
  }
  const { info } = await pdf.getMetadata().catch(() => ({ info: {} as Record<string, unknown> }));
  const title = typeof (info as Record<string, unknown>).Title === 'string' ? (info as Record<string, string>).Title.trim() || null : null;
  return { title, pageCount: pdf.numPages, units };
}

function pageText(items: PositionedText[]): string {
  let text = '';
  let lastLineY: number | null = null;
  let lastHeight = 0;
  let lineStart = true;
  for (const item of items) {
    if (typeof item.str !== 'string') continue; // marked-content markers carry no text
    const y = item.transform[5];
    if (lineStart && lastLineY !== null && item.str.trim() && lastLineY - y > 1.8 * (item.height || lastHeight)) text += '\n';
    text += item.str;
    if (item.str.trim()) {
      lastLineY = y;
      lastHeight = item.height || lastHeight;
      lineStart = false;
    }
    if (item.hasEOL) {
      text += '\n';
      lineStart = true;
    }
  }
  return text;
}
