// An answer's markdown (GFM: tables, code, lists) with its citation markers: `[n]` becomes a
// small link to sources[n-1]; a marker with no such source stays plain text. Markers in code are
// left alone (they are not text nodes).
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { StreamSource } from '../ask/answer-stream';
import { domainOf, isUnavailable } from '../sources/source-cards';

type MdNode = { type: string; value?: string; url?: string; children?: MdNode[]; data?: { hProperties?: Record<string, unknown> } };

const MARKER = /\[(\d{1,3})\]/g;

/** A remark plugin turning `[n]` in text into citation links to the entry's sources. */
export function remarkCitations(sources: readonly StreamSource[]) {
  const split = (value: string): MdNode[] => {
    const out: MdNode[] = [];
    let last = 0;
    for (const m of value.matchAll(MARKER)) {
      const n = Number(m[1]);
      const source = sources[n - 1];
      if (!source || n < 1) continue;
      if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) });
      out.push({ type: 'link', url: source.url, data: { hProperties: { 'data-citation': String(n) } }, children: [{ type: 'text', value: String(n) }] });
      last = m.index + m[0].length;
    }
    if (last === 0) return [{ type: 'text', value }];
    if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
    return out;
  };
  const walk = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text' && child.value) return split(child.value);
      walk(child);
      return [child];
    });
  };
  return () => (tree: MdNode) => walk(tree);
}

export function AnswerMarkdown({ text, sources }: { text: string; sources: readonly StreamSource[] }) {
  const components: Components = {
    a: ({ node: _node, children, href, ...props }: ComponentProps<'a'> & { node?: unknown; 'data-citation'?: string }) => {
      const n = props['data-citation'];
      if (n) {
        const source = sources[Number(n) - 1];
        // A source the reader may not read keeps its number, with nothing to open.
        if (source && isUnavailable(source))
          return (
            <span data-citation={n} title={`Source ${n}: ${source.name}`} className="citation">
              {children}
            </span>
          );
        return (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            data-citation={n}
            title={source ? `${source.name} — ${domainOf(source)}` : undefined}
            aria-label={`Source ${n}${source ? `: ${source.name}` : ''}`}
            className="citation"
          >
            {children}
          </a>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
          {children}
        </a>
      );
    },
  };
  return (
    <div className="answer-prose">
      <Markdown remarkPlugins={[remarkGfm, remarkCitations(sources)]} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
