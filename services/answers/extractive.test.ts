import { describe, expect, test } from 'vitest';
import { extractiveAnswer, pickSentences, sentencesOf, terms } from './extractive.js';
import { parseRelated, relatedFromPassages } from './related.js';
import type { Passage } from './types.js';

const passage = (heading: string, content: string): Passage => ({
  url: `/help/x#${heading}`,
  title: 'Guide',
  heading,
  content,
  domain: 'help',
  published_date: null,
});

describe('the offline extractive model', () => {
  test('terms drop stop words and meet across word forms', () => {
    expect(terms('How do I share a thread?')).toEqual(['shar', 'thread']);
    expect(terms('Sharing threads')).toEqual(['shar', 'thread']);
  });

  test('sentences: prose splits after a full stop, table rows stand alone, separator rows go', () => {
    expect(sentencesOf('One thing. Two things! "Three"?\n| a | b |\n|---|---|\n| c | d |')).toEqual([
      'One thing.',
      'Two things!',
      '"Three"?',
      '| a | b |',
      '| c | d |',
    ]);
  });

  test('picks the best matching sentences, in passage order, each cited with its source number', () => {
    const passages = [
      passage('Who can see my thread?', 'A new thread is private. Only its owner can read it.'),
      passage('How do I share a thread?', 'Open the thread and use the Share menu. Choose who may read it. Then copy the link.'),
      passage('Incognito', 'Nothing to do with it.'),
    ];
    expect(pickSentences('how do I share a thread', passages).map((p) => [p.source, p.sentence])).toEqual([[1, 'Open the thread and use the Share menu.']]);
    // A sentence sharing only some words is kept when nothing better exists, in passage order.
    expect(pickSentences('is my thread private or shared', passages).map((p) => p.source)).toEqual([0, 1]);
    expect(extractiveAnswer('how do I share a thread', passages)).toEqual(['Open the thread and use the Share menu [2].']);
  });

  test('at most four sentences; with nothing matching, it says so instead of inventing', () => {
    const many = Array.from({ length: 8 }, (_, i) => passage(`h${i}`, `The thread number ${i} is here.`));
    expect(extractiveAnswer('thread', many)).toHaveLength(4);
    expect(extractiveAnswer('submarines', many)).toEqual(['I found nothing about this in the sources available to me.']);
    expect(extractiveAnswer('???', many)).toEqual(['I found nothing about this in the sources available to me.']);
  });
});

describe('the offline model quotes answers, not questions or column names', () => {
  test("a table row answers a question about it: the row's value, not every row sharing its column names", () => {
    const sales = passage(
      'Rows 2-4',
      'quarter: Q1, region: Spain, robots_sold: 1,240\nquarter: Q1, region: France, robots_sold: 980\nquarter: Q2, region: Italy, robots_sold: 75',
    );
    expect(extractiveAnswer('How many robots were sold in Spain?', [sales])).toEqual(['quarter: Q1, region: Spain, robots_sold: 1,240 [1]']);
  });

  test("a source's question, or the question said again, is never the answer", () => {
    const history = { ...passage('', 'How many robots were sold in Spain?\nSpain bought 1,240 robots in the first quarter.'), domain: 'your history' };
    expect(extractiveAnswer('How many robots were sold in Spain?', [history])).toEqual(['Spain bought 1,240 robots in the first quarter [1].']);
    const prompt = passage('', 'Summarize robot sales in Spain\nRobot sales in Spain grew.');
    expect(pickSentences('Summarize robot sales in Spain', [prompt]).map((p) => p.sentence)).toEqual(['Robot sales in Spain grew.']);
  });
});

describe('related questions', () => {
  test('from the headings and titles of the sources, not the question just asked, at most three', () => {
    const passages = [
      passage('How do I share a thread?', 'x'),
      passage('Who can see my thread?', 'y'),
      passage('', 'z'),
      passage('Incognito', 'w'),
      passage('Accounts', 'v'),
    ];
    passages[2].title = 'Sharing threads on the web';
    expect(relatedFromPassages('How do I share a thread?', passages)).toEqual([
      'Who can see my thread?',
      'Tell me more about Sharing threads on the web',
      'Tell me more about Incognito',
    ]);
  });

  test("from an LLM's reply: list markers removed, blank lines skipped", () => {
    expect(parseRelated('1. Who can see it?\n\n- What is incognito?\n* How long are threads kept?\n4) More?')).toEqual([
      'Who can see it?',
      'What is incognito?',
      'How long are threads kept?',
    ]);
  });
});
