import { describe, expect, test } from 'vitest';
import type { AssistantSettings, SessionUser } from '../../../../generated/react-query/model';
import { modelChoiceOffer } from './model-choice';

const models = [
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
];
const settings = (model_selection: boolean, list = models): AssistantSettings => ({ models: list, default_model: 'a', chosen: false, model_selection });
const user = (isGovernmentRequestOrigin = false) => ({ isGovernmentRequestOrigin }) as SessionUser;

describe('what the ask box offers for the model', () => {
  test('the picker for a person who may choose; the upsell or the lock for the others; nothing for a visitor or one model', () => {
    expect(modelChoiceOffer(user(), settings(true), true)).toBe('picker');
    expect(modelChoiceOffer(user(), settings(false), true)).toBe('upsell');
    expect(modelChoiceOffer(user(), settings(false), false)).toBe('locked');
    expect(modelChoiceOffer(user(true), settings(false), true)).toBe('locked');
    expect(modelChoiceOffer(null, settings(true), true)).toBe('none');
    expect(modelChoiceOffer(user(), settings(true, models.slice(0, 1)), true)).toBe('none');
    expect(modelChoiceOffer(user(), undefined, true)).toBe('none');
  });
});
