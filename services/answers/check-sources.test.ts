import { describe, expect, test } from 'vitest';
import { checkAnswer, OFF_QUESTION, overlapScore, plainSentence, TOO_SHORT_TO_CHECK, verdictFor } from './check-sources.js';

const source = (name: string, snippet: string, passage?: string) => ({ name, snippet, passage });
const SHARE = source(
  'Sharing and privacy: How do I share a thread?',
  'Open the thread and use the Share menu at the top of the page. Then copy the link and send it.',
);
const KEYS = source('Keyboard shortcuts', 'Press / to focus the ask box.');

describe('check sources by overlap', () => {
  test('verdict thresholds: supported from 0.6, weak from 0.3', () => {
    expect([1, 0.6, 0.59, 0.3, 0.29, 0].map(verdictFor)).toEqual(['supported', 'supported', 'weak', 'weak', 'unsupported', 'unsupported']);
  });

  test('the sentence loses its markers and list prefix, keeps its punctuation', () => {
    expect(plainSentence('- Use the Share menu [1][2].')).toBe('Use the Share menu.');
    expect(plainSentence('Copy the link [3], then send it.')).toBe('Copy the link, then send it.');
  });

  test('the score is the share of content words found, across word forms', () => {
    expect(overlapScore('Sharing threads', 'share a thread')).toBe(1);
    expect(overlapScore('Sharing bananas', 'share a thread')).toBe(0.5);
    expect(overlapScore('the and of', 'anything')).toBe(0);
  });

  test('each cited sentence gets a verdict; uncited sentences are left out', () => {
    const answer =
      'Web search is off.\n\nOpen the thread and use the Share menu [1]. Press / to focus the ask box [2]. Bananas grow on tall plants in warm countries [1].';
    const result = checkAnswer(answer, [SHARE, KEYS]);
    expect(result.sources_count).toBe(2);
    expect(result.checks).toEqual([
      { sentence: 'Open the thread and use the Share menu.', citations: [1], verdict: 'supported', score: 1 },
      { sentence: 'Press / to focus the ask box.', citations: [2], verdict: 'supported', score: 1 },
      { sentence: 'Bananas grow on tall plants in warm countries.', citations: [1], verdict: 'unsupported', score: 0 },
    ]);
  });

  test('a sentence backed in part is weak; several citations pool their text', () => {
    const weak = checkAnswer('Use the Share menu to print glossy posters on recycled paper [1].', [SHARE]).checks[0];
    expect(weak.verdict).toBe('weak');
    const pooled = checkAnswer('Use the Share menu, then press / to focus the ask box [1][2].', [SHARE, KEYS]).checks[0];
    expect(pooled).toMatchObject({ citations: [1, 2], verdict: 'supported' });
  });

  test('the whole passage counts when the snippet was cut short', () => {
    const cut = source('Guide', 'Open the thread...', 'Open the thread. Requests for access show in the thread for its owner to grant.');
    expect(checkAnswer('Requests for access show in the thread for its owner to grant [1].', [cut]).checks[0].verdict).toBe('supported');
  });

  test('a marker pointing at no source backs nothing; no markers means no sources', () => {
    expect(checkAnswer('Use the Share menu [4].', [SHARE])).toEqual({
      sources_count: 0,
      checks: [{ sentence: 'Use the Share menu.', citations: [], verdict: 'unsupported', score: 0 }],
    });
    expect(checkAnswer('I found nothing about this in the sources available to me.', [SHARE])).toEqual({ sources_count: 0, checks: [] });
  });
});

test('a marker left by removing the one inside it is removed too', () => {
  expect(plainSentence('Keys [0[1]] work [[2]3].')).toBe('Keys work.');
});

describe('overlap never calls supported what it cannot tell', () => {
  const GUIDE = source(
    'Asking: How do I ask a question?',
    'The answer streams in as it is written, with numbered citation markers such as [1] that point at the sources listed above the answer.',
  );

  test('a sentence about another subject than the question is weak, with why, whatever its overlap (it was "Supported · 100% overlap")', () => {
    const answer = 'The answer streams in as it is written, with numbered citation markers that point at the sources listed above the answer [1].';
    const [check] = checkAnswer(answer, [GUIDE], 'What is the boiling point of water at high altitude?').checks;
    expect(check).toMatchObject({ verdict: 'weak', score: 1, reason: OFF_QUESTION });
    // The same sentence for a question it is about stays supported.
    expect(checkAnswer(answer, [GUIDE], 'What do the citation markers in an answer point at?').checks[0]).toEqual(
      expect.objectContaining({ verdict: 'supported', score: 1 }),
    );
    expect(checkAnswer(answer, [GUIDE], 'What do the citation markers in an answer point at?').checks[0].reason).toBeUndefined();
  });

  test('a sentence of too few content words is not called supported by overlap', () => {
    const [check] = checkAnswer('Share it [1].', [SHARE], 'How do I share a thread?').checks;
    expect(check).toMatchObject({ verdict: 'weak', score: 1, reason: TOO_SHORT_TO_CHECK });
  });
});
