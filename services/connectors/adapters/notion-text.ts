// A Notion page's text as markdown: its blocks (paragraphs, headings, lists, to-dos, code, quotes)
// and a database row's properties. Pure; the adapter fetches the blocks. Provider text stays text.
import type { NotionBlock, PropertyValue, RichText } from './notion-types.js';

export const plain = (rich: RichText[] | undefined) => (rich ?? []).map((r) => r.plain_text).join('');

const richOf = (b: NotionBlock) => plain((b[b.type] as { rich_text?: RichText[] } | undefined)?.rich_text);

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenced(code: string, language: string) {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language.replace(/[^\w+-]/g, '')}\n${code}\n${fence}`;
}

/** One block as a markdown line (null for blocks that are documents of their own, or hold no text). */
export function blockLine(b: NotionBlock, depth: number): string | null {
  const text = richOf(b);
  const indent = '  '.repeat(depth);
  const data = b[b.type] as { checked?: boolean; language?: string } | undefined;
  switch (b.type) {
    case 'heading_1':
      return `# ${text}`;
    case 'heading_2':
      return `## ${text}`;
    case 'heading_3':
      return `### ${text}`;
    case 'bulleted_list_item':
    case 'toggle':
      return `${indent}- ${text}`;
    case 'numbered_list_item':
      return `${indent}1. ${text}`;
    case 'to_do':
      return `${indent}- [${data?.checked ? 'x' : ' '}] ${text}`;
    case 'code':
      return fenced(text, data?.language ?? '');
    case 'quote':
    case 'callout':
      return `${indent}> ${text}`;
    case 'child_page':
    case 'child_database':
      return null;
    default:
      return text ? `${indent}${text}` : null;
  }
}

/** A property's value as text (the kinds a row shows); null for kinds with nothing to read. */
export function propertyText(p: PropertyValue): string | null {
  const v = p[p.type] as unknown;
  const name = (x: unknown) => (x as { name?: string } | null)?.name ?? null;
  switch (p.type) {
    case 'title':
    case 'rich_text':
      return plain(v as RichText[]) || null;
    case 'select':
    case 'status':
      return name(v);
    case 'multi_select':
    case 'people':
      return ((v as unknown[]) ?? []).map(name).filter(Boolean).join(', ') || null;
    case 'date': {
      const d = v as { start?: string; end?: string | null } | null;
      return d?.start ? (d.end ? `${d.start} – ${d.end}` : d.start) : null;
    }
    case 'number':
    case 'checkbox':
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return v === null || v === undefined ? null : String(v);
    default:
      return null;
  }
}

export function titleOf(properties: Record<string, PropertyValue>): string {
  const title = Object.values(properties).find((p) => p.type === 'title');
  return title ? plain(title.title as RichText[]) : '';
}

/** A row's properties other than its title, one `Name: value` line each. */
export function propertyLines(properties: Record<string, PropertyValue>): string[] {
  return Object.entries(properties)
    .filter(([, p]) => p.type !== 'title')
    .map(([key, p]) => [key, propertyText(p)] as const)
    .filter(([, text]) => text !== null)
    .map(([key, text]) => `${key}: ${text}`);
}
