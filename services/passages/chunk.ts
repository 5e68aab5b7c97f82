// The one chunker: every passage in the index (the guide's sections, files' pages, slides,
// sections and sheets, linked pages) is cut here, into passages of about 800-1200 characters,
// breaking at paragraphs, then lines, sentences and words. A passage never spans two units, so
// it never mixes pages. Linear in the text: no pattern here can backtrack.
import { collapse, paragraphs, sentences, wordGroupsWithin } from './text.js';

export const PASSAGE_SIZE = { min: 800, max: 1200 } as const;

/**
 * Running text. `prose` joins the lines of a paragraph (PDF, Word and web pages wrap lines for
 * layout); `lines` keeps them (text, Markdown, JSON and slides mean their line breaks).
 */
export type TextUnit = { kind: 'text'; text: string; page: number | null; heading: string; lines?: boolean };

/** Table rows, each row carrying its columns' names (namedRow) so it explains itself. */
export type TableUnit = {
  kind: 'table';
  page: number | null;
  header: { number: number; cells: string[] } | null;
  rows: { number: number; cells: string[] }[];
  heading: (firstRow: number, lastRow: number) => string;
};

export type DocumentUnit = TextUnit | TableUnit;

/** A passage as the chunker cuts it: where it is (heading, page) and its text; ordinals from 0. */
export type ChunkedPassage = { heading: string; content: string; page: number | null; ordinal: number };

/** A piece of text that is never split further, and what joins it to the piece before. */
type Piece = { text: string; joiner: '\n\n' | '\n' | ' ' };

/** Passages of all units in order, ordinals from 0, at most `maxPassages`. */
export function chunkUnits(units: DocumentUnit[], maxPassages: number): ChunkedPassage[] {
  const passages: ChunkedPassage[] = [];
  for (const unit of units) {
    const found = unit.kind === 'text' ? textPassages(unit) : tablePassages(unit);
    for (const { heading, content } of found) {
      if (passages.length >= maxPassages) return passages;
      passages.push({ heading, content, page: unit.page, ordinal: passages.length });
    }
  }
  return passages;
}

/** Plain text (a web page's), paragraphs joined: one unit under one heading. */
export function chunkText(text: string, heading: string, maxPassages: number): ChunkedPassage[] {
  return chunkUnits([{ kind: 'text', text, page: null, heading }], maxPassages);
}

function textPassages(unit: TextUnit): { heading: string; content: string }[] {
  return packPieces(piecesOf(unit.text, unit.lines ?? false)).map((content) => ({ heading: unit.heading, content }));
}

function piecesOf(text: string, keepLines: boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const paragraph of paragraphs(text)) {
    const lines = keepLines ? paragraph.split('\n').map(collapse).filter(Boolean) : [collapse(paragraph)].filter(Boolean);
    for (const [lineIndex, line] of lines.entries()) {
      const joiner = lineIndex === 0 ? '\n\n' : '\n';
      for (const [i, part] of fitting(line).entries()) pieces.push({ text: part, joiner: i === 0 ? joiner : ' ' });
    }
  }
  return pieces;
}

// A line as parts that each fit a passage: whole if it fits, else its sentences, else runs of
// words, and a single word longer than a passage is cut.
function fitting(line: string): string[] {
  if (line.length <= PASSAGE_SIZE.max) return [line];
  return sentences(line).flatMap((sentence) => wordGroupsWithin(sentence, PASSAGE_SIZE.max));
}

/** Packs pieces into passages of PASSAGE_SIZE in order. */
function packPieces(pieces: Piece[]): string[] {
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) {
      current = piece.text;
      continue;
    }
    const fits = current.length + piece.joiner.length + piece.text.length <= PASSAGE_SIZE.max;
    // Once a passage is long enough, a paragraph start is the best place to end it.
    const goodBreak = piece.joiner === '\n\n' && current.length >= PASSAGE_SIZE.min;
    if (fits && !goodBreak) {
      current += piece.joiner + piece.text;
      continue;
    }
    passages.push(current);
    current = piece.text;
  }
  if (current) passages.push(current);
  return passages;
}

const rowLine = (cells: string[]) => cells.map(collapse).join('\t').trim();

/**
 * A row as its own sentence, each value after its column's name ("region: Spain, robots_sold:
 * 1,240"), so a passage of rows says what each number is and a row answers a question about it;
 * an empty cell is left out, a cell under no name stands alone. `names` are the header's cells
 * collapsed, once a table rather than once a cell.
 */
function namedRow(names: readonly string[], cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const value = collapse(cells[i]);
    if (!value) continue;
    const name = names[i];
    line += `${line ? ', ' : ''}${name ? `${name}: ${value}` : value}`;
  }
  return line;
}

function tablePassages(unit: TableUnit): { heading: string; content: string }[] {
  const out: { heading: string; content: string }[] = [];
  const names = (unit.header?.cells ?? []).map(collapse);
  const rows = unit.rows.map((row) => ({ number: row.number, line: namedRow(names, row.cells) })).filter((row) => row.line);
  // A header with no rows under it is kept as the table's one passage.
  if (unit.header && !rows.length) {
    const headerLine = rowLine(unit.header.cells);
    if (headerLine) rows.push({ number: unit.header.number, line: headerLine });
  }
  const room = PASSAGE_SIZE.max;

  let lines: string[] = [];
  let first = 0;
  let last = 0;
  let size = 0;
  const flush = () => {
    if (lines.length) out.push({ heading: unit.heading(first, last), content: lines.join('\n') });
    lines = [];
    size = 0;
  };
  for (const row of rows) {
    if (row.line.length > room) {
      flush();
      for (const part of wordGroupsWithin(row.line, room)) out.push({ heading: unit.heading(row.number, row.number), content: part });
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
