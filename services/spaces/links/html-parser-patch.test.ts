// htmlparser2 (under linkedom, which reads a link's page) is patched to keep its stack of open
// tags with push and pop (patches/htmlparser2+10.1.0.patch): unshift and shift moved every open
// tag at each tag, so a page nested 90,000 elements deep took 3.7 s to parse instead of 0.2 s.
// The events it reports must be the unpatched parser's: the sequence below was recorded with
// the registry's htmlparser2 10.1.0 (implied closes, lists, foreign content, a stray end tag).
import { Parser } from 'htmlparser2';
import { expect, test } from 'vitest';

function events(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, _attribs, implied) => out.push(`open ${name}${implied ? ' (implied)' : ''}`),
      onclosetag: (name, implied) => out.push(`close ${name}${implied ? ' (implied)' : ''}`),
      ontext: (text) => out.push(`text ${text}`),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

test('reports what the unpatched parser reports', () => {
  expect(events('<ul><li>a<li>b</ul><p>x<div>y</p><svg><path/></svg><td>')).toEqual([
    'open ul',
    'open li',
    'text a',
    'close li (implied)',
    'open li',
    'text b',
    'close li (implied)',
    'close ul',
    'open p',
    'text x',
    'close p (implied)',
    'open div',
    'text y',
    'open p (implied)',
    'close p',
    'open svg',
    'open path',
    'close path (implied)',
    'close svg',
    'open td',
    'close td (implied)',
    'close div (implied)',
  ]);
});

test('closes a deeply nested page innermost first, each element once', () => {
  const depth = 45_000;
  const got = events(`${'<div><span>'.repeat(depth)}deep${'</span></div>'.repeat(depth)}`);
  const closes = got.filter((e) => e.startsWith('close'));
  expect(closes).toHaveLength(2 * depth);
  expect(closes.slice(0, 2)).toEqual(['close span', 'close div']);
  expect(got[2 * depth]).toBe('text deep');
});
