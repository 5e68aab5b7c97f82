// The relevance rule (relevance.ts) on the cases found by a new user: an off-topic question finds
// nothing in the user guide; a follow-up keeps the previous topic only when it points back to it.
import { describe, expect, test } from 'vitest';
import { loadHelpCorpus } from './corpus.js';
import { contextualQuery } from './follow-up.js';
import { coverage, isRelevant, questionParts, relevantOnly } from './relevance.js';

const guide = loadHelpCorpus().passages;
const passage = (heading: string, content: string) => ({ title: 'Guide', heading, content });

describe('a passage is used only when it is about the question', () => {
  test('nothing in the user guide is about the boiling point of water (it once quoted the citation markers)', () => {
    expect(relevantOnly('What is the boiling point of water at high altitude?', guide)).toEqual([]);
    expect(relevantOnly('How many robots were sold in Spain?', guide)).toEqual([]);
  });

  test('the guide answers what it covers', () => {
    const found = relevantOnly('How do I share a thread?', guide).map((p) => p.heading);
    expect(found).toContain('How do I share a thread?');
    expect(relevantOnly('What does incognito mode do?', guide).map((p) => p.heading)).toContain('What does incognito mode do?');
  });

  test('coverage counts content words across word forms, in title, heading and text', () => {
    expect(coverage('How do I share threads?', 'Sharing a thread')).toBe(1);
    expect(coverage('boiling point of water', 'the point of citation markers')).toBeCloseTo(1 / 3);
    expect(coverage('how is it', 'anything')).toBe(0);
    expect(isRelevant('the and of', passage('x', 'the and of'))).toBe(false);
  });

  test('a passage answering one part of a compound question is about it; word forms meet ("wrapped", "wrap")', () => {
    const question = 'When are the hives wrapped in tar paper, and when does the heather honey harvest start?';
    expect(questionParts(question)).toEqual(['When are the hives wrapped in tar paper', 'when does the heather honey harvest start']);
    expect(isRelevant(question, passage('wintering.txt', 'Wrap the hives in tar paper before the first frost of November.'))).toBe(true);
    expect(isRelevant(question, passage('#hives', 'The heather honey harvest starts on the ninth of August.'))).toBe(true);
    expect(isRelevant(question, passage('ledger.txt', 'The pollination contract with the almond grower pays double this year.'))).toBe(false);
    expect(questionParts('How do I share a thread?')).toEqual([]);
  });

  test('a follow-up that points back keeps the previous topic; a short new question does not', () => {
    const share = passage('How do I share a thread?', 'Use the Share menu: only you, people with the link, or everyone (public).');
    const build = passage('Running the server', 'Run make start in a checkout of the project.');
    const entropy = passage('Entropy', 'Entropy measures disorder.');
    const earlier = [{ query: 'How do I share a thread?', answer: 'Use the Share menu [1].' }];

    const makePublic = contextualQuery('Can I make it public?', earlier);
    expect(makePublic).toBe('Can I make it public share thread');
    expect(relevantOnly(makePublic, [share, build], 'Can I make it public?')).toEqual([share]);
    // Asked alone, "make" matched the self-hosting guide: the bug.
    expect(relevantOnly('Can I make it public?', [build])).toEqual([build]);

    const newTopic = contextualQuery('What is entropy?', earlier);
    expect(newTopic).toBe('What is entropy share thread');
    expect(relevantOnly(newTopic, [share, entropy], 'What is entropy?')).toEqual([entropy]);
  });
});
