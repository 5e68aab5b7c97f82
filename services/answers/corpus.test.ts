import { expect, test } from 'vitest';
import { chunkMarkdown, loadHelpCorpus } from './corpus.js';

test('a markdown guide becomes one passage per section, addressed by an anchor', () => {
  const passages = chunkMarkdown(
    'sharing',
    '# Sharing\n\nIntro.\n\n## How do I share a thread?\nUse the Share menu.\n\n## Empty\n\n## Who can see it?\nOnly you.\n',
  );
  expect(passages).toEqual([
    {
      id: 'help/sharing#how-do-i-share-a-thread',
      url: '/help/sharing#how-do-i-share-a-thread',
      title: 'Sharing',
      heading: 'How do I share a thread?',
      content: 'Use the Share menu.',
      ordinal: 0,
    },
    { id: 'help/sharing#who-can-see-it', url: '/help/sharing#who-can-see-it', title: 'Sharing', heading: 'Who can see it?', content: 'Only you.', ordinal: 1 },
  ]);
});

test("the built-in guide covers the product, with the seeds' keyboard shortcuts, and hashes stably", () => {
  const { passages, hash } = loadHelpCorpus();
  const docs = new Set(passages.map((p) => p.id.split('#')[0]));
  expect([...docs].sort()).toEqual([
    'help/accounts',
    'help/asking',
    'help/keyboard-shortcuts',
    'help/pro-search-and-research',
    'help/self-hosting',
    'help/sharing-and-privacy',
    'help/threads-and-library',
  ]);
  expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  expect(passages.find((p) => p.heading === 'Which keyboard shortcuts are there?')?.content).toContain('| Toggle incognito | ; |');
  expect(loadHelpCorpus().hash).toBe(hash);
});
