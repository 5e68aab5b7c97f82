// PPTX: the text of each slide (ppt/slides/slideN.xml, in slide-number order), one paragraph
// (a:p) a line, runs (a:t) joined. The heading names the slide's title placeholder, or else its
// first line.
import { XMLParser } from 'fast-xml-parser';
import type { ParsedFile, TextUnit } from './chunk.js';
import { refuseLegacyOffice } from './legacy-office.js';
import { CORE_PROPERTIES, officeTitle } from './office-title.js';
import { readZipSafely } from './safe-zip.js';
import { FileExtractError, type ExtractLimits } from './types.js';

export const PPTX_DAMAGED = 'The presentation could not be read: it is damaged or not a .pptx file.';

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);

// preserveOrder keeps paragraphs in document order; every node is { tag: children[], ':@': attributes }.
type OrderedNode = { [tag: string]: OrderedNode[] | string | Record<string, string> | undefined; ':@'?: Record<string, string> };
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
});

export async function readPptx(bytes: Buffer, limits: ExtractLimits): Promise<ParsedFile> {
  refuseLegacyOffice(bytes, 'presentation', '.pptx');
  const zip = await readZipSafely(bytes, limits, { notAZip: PPTX_DAMAGED, keep: (name) => SLIDE.test(name) || name === CORE_PROPERTIES });
  if (!zip.names.some((name) => name.startsWith('ppt/'))) throw new FileExtractError(PPTX_DAMAGED);
  const slides = [...zip.kept.entries()]
    .flatMap(([name, xml]) => {
      const match = SLIDE.exec(name);
      return match ? [{ number: Number(match[1]), xml }] : [];
    })
    .sort((a, b) => a.number - b.number);
  const units: TextUnit[] = slides.map(({ xml }, index) => {
    const { title, lines } = slideText(xml);
    const number = index + 1;
    return { kind: 'text', text: lines.join('\n'), page: number, heading: title ? `Slide ${number}: ${title}` : `Slide ${number}`, lines: true };
  });
  return { title: officeTitle(zip.kept.get(CORE_PROPERTIES)), pageCount: slides.length, units };
}

function slideText(xml: Buffer): { title: string; lines: string[] } {
  let tree: OrderedNode[];
  try {
    tree = parser.parse(xml.toString('utf8'));
  } catch (error) {
    throw new FileExtractError(PPTX_DAMAGED, { cause: error });
  }
  const lines: string[] = [];
  let title = '';
  // An explicit stack rather than recursion: hostile XML can nest deeper than the call stack.
  const stack: { node: OrderedNode; inTitle: boolean }[] = tree.map((node) => ({ node, inTitle: false })).reverse();
  while (stack.length) {
    const { node, inTitle } = stack.pop()!;
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (!tag) continue;
    const children = node[tag];
    if (!Array.isArray(children)) continue;
    if (tag === 'a:p') {
      const line = runsText(children).replace(/\s+/g, ' ').trim();
      if (line) lines.push(line);
      if (line && inTitle && !title) title = line;
      continue;
    }
    const shapeIsTitle = inTitle || (tag === 'p:sp' && isTitleShape(children));
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], inTitle: shapeIsTitle });
  }
  return { title: title || lines[0] || '', lines };
}

// The text of a paragraph: its a:t runs in order, a:br as a space.
function runsText(nodes: OrderedNode[]): string {
  let text = '';
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (typeof node['#text'] === 'string') continue; // whitespace between elements, not slide text
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (!tag) continue;
    const children = node[tag];
    if (tag === 'a:br') text += ' ';
    else if (tag === 'a:t' && Array.isArray(children)) text += children.map((child) => (typeof child['#text'] === 'string' ? child['#text'] : '')).join('');
    else if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return text;
}

// A shape is the slide title when its placeholder (p:nvSpPr > p:nvPr > p:ph) has a title type.
function isTitleShape(shapeChildren: OrderedNode[]): boolean {
  const properties = childrenOf(shapeChildren, 'p:nvSpPr');
  const placeholder = childrenOf(properties, 'p:nvPr').find((node) => 'p:ph' in node);
  return TITLE_PLACEHOLDERS.has(placeholder?.[':@']?.type ?? '');
}

function childrenOf(nodes: OrderedNode[], tag: string): OrderedNode[] {
  const found = nodes.find((node) => tag in node)?.[tag];
  return Array.isArray(found) ? found : [];
}
