import { describe, expect, it } from 'vitest';
import type { TextUnit } from './chunk.js';
import { readMarkdown } from './markdown.js';

const headings = (md: string) => (readMarkdown(Buffer.from(md)).units as TextUnit[]).map((unit) => unit.heading);

describe('readMarkdown headings', () => {
  it('reads ATX headings, dropping a closing run of #s but not a # inside a word', () => {
    expect(headings(['## Install ##', '# C#', '### Use #   ', '#hashtag', '####### seven', '   #### Indented', '# ###'].join('\n'))).toEqual([
      '',
      'Install',
      'C#',
      'Use',
      'Indented',
      '',
    ]);
  });

  it('collapses the blanks inside a heading', () => {
    expect(headings('# Opening \t  hours')).toEqual(['', 'Opening hours']);
  });

  // A line of a heading and a long run of blanks made the old pattern backtrack quadratically:
  // 60 KB froze the server for 9 s. Each of these 1 MB lines reads in linear time.
  it.each([
    ['blanks, then a letter', `# Title${' '.repeat(1_000_000)}x`, 'Title x'],
    ['spaces and tabs, then a letter', `# Title${' \t'.repeat(500_000)}x`, 'Title x'],
    ['blanks, then a # and a letter', `# Title${' '.repeat(1_000_000)}#x`, 'Title #x'],
    ['blanks, then a form feed', `# Title${' '.repeat(1_000_000)}\f`, 'Title'],
    ['blanks and #s', `# Title${' #'.repeat(500_000)} x`, `Title${' #'.repeat(500_000)} x`],
  ])('reads a 1 MB heading line of %s', (_, line, heading) => {
    const parsed = readMarkdown(Buffer.from(`${line}\nBody text.`));
    expect(parsed.title).toBe(heading);
    expect(parsed.units[1]).toEqual({ kind: 'text', text: expect.stringMatching(/^\s*Body text\.$/), page: null, heading, lines: true });
  });
});
