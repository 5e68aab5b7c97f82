import { expect, test } from 'vitest';
import { markdownSections } from './markdown.js';

test('sections at headings, the title from the first level-1 heading, the text as written', () => {
  const md = '# Guide\n\nIntro.\n\n## Setup\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSub\n---\n\nMore.\n';
  expect(markdownSections(md)).toEqual({
    title: 'Guide',
    sections: [
      { heading: '', depth: 0, text: '' },
      { heading: 'Guide', depth: 1, text: '\n\nIntro.\n\n' },
      { heading: 'Setup', depth: 2, text: '\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n' },
      { heading: 'Sub', depth: 2, text: '\n\nMore.\n' },
    ],
  });
});

test('a heading in a fenced code block is code; deeper headings stay inside when the split is shallower', () => {
  const md = '## One\n\n```\n# not a heading\n```\n\n### Inner\n\ntext\n\n## Two\n';
  expect(markdownSections(md, 2).sections.map((s) => s.heading)).toEqual(['', 'One', 'Two']);
  expect(markdownSections(md, 2).sections[1].text).toContain('### Inner');
  expect(markdownSections(md).sections.map((s) => s.heading)).toEqual(['', 'One', 'Inner', 'Two']);
});

test('the hostile heading of the attack (a long run of blanks after it) reads as its words', () => {
  const md = `# Title${' '.repeat(60_000)}x\n\n## Next${'\t '.repeat(30_000)}\n\nbody`;
  const { title, sections } = markdownSections(md);
  expect(title).toBe('Title x');
  expect(sections.map((s) => s.heading)).toEqual(['', 'Title x', 'Next']);
  expect(sections[2].text.trim()).toBe('body');
});

test('markup in a heading is dropped from its text', () => {
  expect(markdownSections('## Use `npm ci` and **pin** [versions](https://example.com)\n').sections[1].heading).toBe('Use npm ci and pin versions');
});
