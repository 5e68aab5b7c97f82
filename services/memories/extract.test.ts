import { describe, expect, test } from 'vitest';
import { offlineStatements, parseExtraction } from './extract.js';
import { relevantMemories } from './relevant.js';

describe('the offline extractor', () => {
  test('keeps clear first-person statements and drops the question', () => {
    expect(offlineStatements('I am vegetarian. What should I cook tonight?')).toEqual(['I am vegetarian']);
    expect(offlineStatements("I'm a nurse; my favourite colour is green. Remember that I live in Lyon!")).toEqual([
      "I'm a nurse",
      'My favourite colour is green',
      'I live in Lyon',
    ]);
    expect(offlineStatements('I prefer short answers.\nHow tall is Mont Blanc?')).toEqual(['I prefer short answers']);
  });
  test('finds nothing in a plain question or a statement about others', () => {
    expect(offlineStatements('How do I share a thread?')).toEqual([]);
    expect(offlineStatements('Am I right that Paris is big?')).toEqual([]);
    expect(offlineStatements('She is a doctor. They prefer tea.')).toEqual([]);
  });
});

test('a model’s reply becomes one memory per line, NONE none', () => {
  expect(parseExtraction('- I am vegetarian.\n2. I live in Lyon.\n')).toEqual(['I am vegetarian.', 'I live in Lyon.']);
  expect(parseExtraction('NONE')).toEqual([]);
  // A model that answers the question instead leaves nothing to remember.
  expect(parseExtraction('An answer.\nWhat else should I know?\nMy plan is fine?')).toEqual([]);
});

test('the relevant memories share a content word with the question, the most first', () => {
  const ms = [{ content: 'I live in Lyon' }, { content: 'I am vegetarian' }, { content: 'I prefer vegetarian recipes from Lyon' }];
  expect(relevantMemories('Vegetarian restaurants in Lyon?', ms).map((m) => m.content)).toEqual([
    'I prefer vegetarian recipes from Lyon',
    'I live in Lyon',
    'I am vegetarian',
  ]);
  expect(relevantMemories('How tall is Everest?', ms)).toEqual([]);
});
