// The model that answers, by plan: a person who may choose gets the model they name, else their
// default; anyone else gets the server's first, whatever they name or saved; unknown is refused.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { answeringModel } from './asker-defaults.js';

const MODELS = [
  { id: 'first', name: 'First' },
  { id: 'second', name: 'Second' },
  { id: 'third', name: 'Third' },
];

describe('the model that answers', () => {
  test('a person who may choose: the named model, else their configured default, else the first', () => {
    expect(answeringModel(MODELS, { preference: 'third', accountDefault: 'second', mayChoose: true })).toBe('third');
    expect(answeringModel(MODELS, { preference: undefined, accountDefault: 'second', mayChoose: true })).toBe('second');
    expect(answeringModel(MODELS, { preference: undefined, accountDefault: 'gone', mayChoose: true })).toBe('first');
  });

  test('anyone else: the first model, the named one and the saved default ignored', () => {
    expect(answeringModel(MODELS, { preference: 'third', accountDefault: 'second', mayChoose: false })).toBe('first');
    expect(answeringModel(MODELS, { preference: undefined, accountDefault: 'second', mayChoose: false })).toBe('first');
  });

  test('a model that is not configured is refused, plan or not', () => {
    for (const mayChoose of [true, false]) expect(() => answeringModel(MODELS, { preference: 'gpt-9', accountDefault: null, mayChoose })).toThrow(DomainError);
  });

  test('property: the answer is always configured, and the first one for anyone who may not choose', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom('first', 'second', 'third'), { nil: undefined }),
        fc.option(fc.constantFrom('first', 'second', 'third', 'gone'), { nil: null }),
        fc.boolean(),
        (preference, accountDefault, mayChoose) => {
          const model = answeringModel(MODELS, { preference, accountDefault, mayChoose });
          expect(MODELS.map((m) => m.id)).toContain(model);
          if (!mayChoose) expect(model).toBe('first');
          if (mayChoose && preference) expect(model).toBe(preference);
        },
      ),
    );
  });
});
