// A guide page (or the privacy policy) as Markdown: each section heading carries the anchor a
// guide source links to, links inside the app stay in the app, and the page scrolls to the
// section named in the address.
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link, useLocation } from 'react-router';
import remarkGfm from 'remark-gfm';
import { sectionAnchor } from './guide-pages';

type HastNode = { type: string; value?: string; children?: HastNode[] };
const textOf = (node: HastNode | undefined): string => (node?.type === 'text' ? (node.value ?? '') : (node?.children ?? []).map(textOf).join(''));

const components: Components = {
  h2: ({ node, children }: ComponentProps<'h2'> & { node?: HastNode }) => (
    <h2 id={sectionAnchor(textOf(node))} className="scroll-mt-6">
      {children}
    </h2>
  ),
  a: ({ node: _node, href = '', children }: ComponentProps<'a'> & { node?: unknown; children?: ReactNode }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
};

export function GuideMarkdown({ text }: { text: string }) {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` is a trigger: a newly shown page scrolls to its section again.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash, text]);
  return (
    <article className="answer-prose">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </Markdown>
    </article>
  );
}
