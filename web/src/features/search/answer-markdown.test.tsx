// @vitest-environment happy-dom
// Citation markers: [n] becomes a small link to sources[n-1]; a marker with no source, or one in
// code, stays text. GFM tables and lists render.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerMarkdown } from './answer-markdown';

afterEach(cleanup);

const sources = [
  { url: 'https://a.example/one', name: 'One', snippet: 's1', meta_data: { domain_name: 'a.example' } },
  { url: 'https://b.example/two', name: 'Two', snippet: 's2' },
];

describe('citations', () => {
  it('turns markers into links to the right source, opening in a new tab', () => {
    const { container } = render(<AnswerMarkdown text={'Alpha [1] and beta [2][1].'} sources={sources} />);
    const links = [...container.querySelectorAll('a[data-citation]')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1', 'https://a.example/one'],
      ['2', 'https://b.example/two'],
      ['1', 'https://a.example/one'],
    ]);
    expect(links.every((a) => a.getAttribute('target') === '_blank' && a.getAttribute('rel')?.includes('noopener'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Source 2: Two' })).toBeInTheDocument();
    expect(container.textContent).toBe('Alpha 1 and beta 21.');
  });

  it('leaves a marker with no source as plain text, and markers in code alone', () => {
    const { container } = render(<AnswerMarkdown text={'Gamma [3] and [0].\n\n`x[1]`'} sources={sources} />);
    expect(container.querySelectorAll('a').length).toBe(0);
    expect(container.textContent).toContain('Gamma [3] and [0].');
    expect(container.querySelector('code')?.textContent).toBe('x[1]');
  });

  it('renders GFM: tables, lists and code blocks, with citations inside cells and items', () => {
    const text = '- item [1]\n- two\n\n| A | B |\n| - | - |\n| x [2] | y |\n\n```ts\nconst a = [1];\n```';
    const { container } = render(<AnswerMarkdown text={text} sources={sources} />);
    expect(container.querySelectorAll('li').length).toBe(2);
    expect(container.querySelector('li a[data-citation="1"]')).toBeInTheDocument();
    expect(container.querySelector('td a[data-citation="2"]')?.getAttribute('href')).toBe('https://b.example/two');
    expect(container.querySelector('pre code')?.textContent).toBe('const a = [1];\n');
  });
});
