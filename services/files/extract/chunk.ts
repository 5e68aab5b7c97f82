// The shapes each format's reader hands back before chunking. The chunking itself is the one
// chunker of the passage index (services/passages/chunk.ts), shared with the guide and links.
import type { DocumentUnit } from '../../passages/chunk.js';

export { chunkUnits, type DocumentUnit, type TableUnit, type TextUnit } from '../../passages/chunk.js';

/** What each format's reader hands back before chunking. */
export type ParsedFile = { title: string | null; pageCount: number | null; units: DocumentUnit[] };
