// JSON: parsed, then flattened to one "path.to.key: value" line per leaf, so each passage says
// where its values sit in the document.
import type { ParsedFile } from './chunk.js';
import { decodeText } from './text-bytes.js';
import { FileExtractError } from './types.js';

export function readJson(bytes: Buffer): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(decodeText(bytes, 'JSON file'));
  } catch (error) {
    if (error instanceof FileExtractError) throw error;
    throw new FileExtractError(`The JSON file is not valid JSON: ${(error as Error).message}.`, { cause: error });
  }
  return { title: null, pageCount: null, units: [{ kind: 'text', text: flattenJson(value).join('\n'), page: null, heading: '', lines: true }] };
}

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** One line per leaf, in document order; walked with a stack because JSON can nest deeper than the call stack. */
export function flattenJson(root: unknown): string[] {
  const lines: string[] = [];
  const stack: { path: string; value: unknown }[] = [{ path: '', value: root }];
  while (stack.length) {
    const { path, value } = stack.pop()!;
    const children = Array.isArray(value)
      ? value.map((item, i) => ({ path: `${path}[${i}]`, value: item }))
      : value && typeof value === 'object'
        ? Object.entries(value).map(([key, item]) => ({
            path: PLAIN_KEY.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`,
            value: item,
          }))
        : null;
    if (children?.length) {
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      continue;
    }
    const leaf = children ? (Array.isArray(value) ? '[]' : '{}') : typeof value === 'string' ? value : JSON.stringify(value);
    lines.push(path ? `${path}: ${leaf}` : leaf);
  }
  return lines;
}
