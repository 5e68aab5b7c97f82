// Which files a repository takes (seed 001 §5): the citation types are indexed for answers, the
// image types are kept as attachments. Shared by the server and the web client.

/** Indexed: their text becomes passages the answer engine searches. */
export const INDEXED_TYPES = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  md: 'text/markdown',
  json: 'application/json',
} as const;

/** Kept as attachments: stored and downloadable, not searched. */
export const ATTACHMENT_TYPES = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' } as const;

export type IndexedType = keyof typeof INDEXED_TYPES;
export type FileType = IndexedType | keyof typeof ATTACHMENT_TYPES;

const ALL: Record<string, string> = { ...INDEXED_TYPES, ...ATTACHMENT_TYPES };

/** The `accept` list of the upload inputs: every extension, dot first. */
export const ACCEPTED_EXTENSIONS = Object.keys(ALL).map((ext) => `.${ext}`);

/** The default maximum size of one file; `FILE_MAX_MB` changes it on the server. */
export const DEFAULT_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The extension of a file name, lower case and without its dot; '' when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** The accepted type of a file name, or null when the repository does not take it. */
export function fileTypeOf(filename: string): FileType | null {
  const ext = extensionOf(filename);
  return ext in ALL ? (ext as FileType) : null;
}

export const isAttachmentType = (type: FileType) => type in ATTACHMENT_TYPES;

/** The content type the file is stored with: always the one its extension names, so a stored object's type is predictable. */
export const contentTypeOf = (type: FileType) => ALL[type];

export const UNSUPPORTED_TYPE = (filename: string) => `${filename}: this type of file is not supported. Use ${ACCEPTED_EXTENSIONS.join(' ')}.`;
export const TOO_LARGE = (filename: string, maxBytes: number) =>
  `${filename} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most a file may be.`;
