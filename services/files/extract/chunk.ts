// Cuts the text of a file's units (pages, slides, sections, sheets) into passages the size the
// links chunker uses (services/spaces/links/chunk.ts), breaking at paragraphs, then lines,
// sentences and words. A passage never spans two units, so it never mixes pages.
import { packPieces, PASSAGE_SIZE, SENTENCE_END, type Piece } from '../../spaces/links/chunk.js';
import type { FilePassage } from './types.js';

/**
 * Running text. `prose` joins the lines of a paragraph (PDF and Word wrap lines for layout);
 * `lines` keeps them (text, Markdown, JSON and slides mean their line breaks).
 */
export type TextUnit = { kind: 'text'; text: string; page: number | null; heading: string; lines?: boolean };

/** Table rows, each passage starting with the header line so it explains itself. */
export type TableUnit = {
  kind: 'table';
  page: number | null;
  header: { number: number; cells: string[] } | null;
  rows: { number: number; cells: string[] }[];
  heading: (firstRow: number, lastRow: number) => string;
};

export type DocumentUnit = TextUnit | TableUnit;

// A piece never split further, and what joins it to the piece before it in a passage.
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Passages of all units in order, ordinals from 0, at most `maxPassages`. */
export function chunkUnits(units: DocumentUnit[], maxPassages: number): FilePassage[] {
  const passages: FilePassage[] = [];
  for (const unit of units) {
    const found = unit.kind === 'text' ? textPassages(unit) : tablePassages(unit);
    for (const { heading, content } of found) {
      if (passages.length >= maxPassages) return passages;
      passages.push({ heading, content, page: unit.page, ordinal: passages.length });
    }
  }
  return passages;
}

function textPassages(unit: TextUnit): { heading: string; content: string }[] {
  return packPieces(piecesOf(unit.text, unit.lines ?? false)).map((content) => ({ heading: unit.heading, content }));
}

function piecesOf(text: string, keepLines: boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const paragraph of text.split(/\n[^\S\n]*\n/)) {
    const lines = keepLines ? paragraph.split('\n').map(collapse).filter(Boolean) : [collapse(paragraph)].filter(Boolean);
    lines.forEach((line, lineIndex) => {
      const joiner = lineIndex === 0 ? '\n\n' : '\n';
      fitting(line).forEach((part, i) => pieces.push({ text: part, joiner: i === 0 ? joiner : ' ' }));
    });
  }
  return pieces;
}

// A line as parts that each fit a passage: whole if it fits, else its sentences, else runs of
// words, and a single word longer than a passage is cut.
function fitting(line: string): string[] {
  if (line.length <= PASSAGE_SIZE.max) return [line];
  return line.split(SENTENCE_END).flatMap((sentence) => wordGroupsWithin(sentence, PASSAGE_SIZE.max));
}

const rowLine = (cells: string[]) => cells.map(collapse).join('\t').trim();

function tablePassages(unit: TableUnit): { heading: string; content: string }[] {
  const out: { heading: string; content: string }[] = [];
  const headerLine = unit.header ? rowLine(unit.header.cells) : '';
  const rows = unit.rows.map((row) => ({ number: row.number, line: rowLine(row.cells) })).filter((row) => row.line);
  let prefix = headerLine ? `${headerLine}\n` : '';
  // A header too long to repeat, or with no rows under it, is kept once as an ordinary row.
  if (unit.header && headerLine && (headerLine.length > PASSAGE_SIZE.max / 2 || !rows.length)) {
    rows.unshift({ number: unit.header.number, line: headerLine });
    prefix = '';
  }
  const room = PASSAGE_SIZE.max - prefix.length;

  let lines: string[] = [];
  let first = 0;
  let last = 0;
  let size = 0;
  const flush = () => {
    if (lines.length) out.push({ heading: unit.heading(first, last), content: prefix + lines.join('\n') });
    lines = [];
    size = 0;
  };
  for (const row of rows) {
    if (row.line.length > room) {
      flush();
      for (const part of wordGroupsWithin(row.line, room)) out.push({ heading: unit.heading(row.number, row.number), content: prefix + part });
      continue;
    }
    if (lines.length && size + 1 + row.line.length > room) flush();
    if (!lines.length) first = row.number;
    last = row.number;
    size += (lines.length ? 1 : 0) + row.line.length;
    lines.push(row.line);
  }
  flush();
  return out;
}

// A line (a sentence, or a table row) too long for one passage, cut at spaces into parts of at
// most `room` characters; a single word longer than that is cut too.
function wordGroupsWithin(line: string, room: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const word of collapse(line).split(' ')) {
    for (let i = 0; i < word.length; i += room) {
      const bit = word.slice(i, i + room);
      if (current && current.length + 1 + bit.length > room) {
        parts.push(current);
        current = bit;
      } else current = current ? `${current} ${bit}` : bit;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** What each format's reader hands back before chunking. */
export type ParsedFile = { title: string | null; pageCount: number | null; units: DocumentUnit[] };
