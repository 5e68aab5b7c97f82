// The Space form's rules: required title, maximum lengths counted as the server counts them.
import { describe, expect, it } from 'vitest';
import { SPACE_LIMITS } from '../../../../services/spaces/pure';
import { canSubmitSpaceForm, EMPTY_SPACE_FORM, isOverLimit, isSpaceFormDirty, remainingChars, spaceFormPayload, textLength } from './space-form-rules';

const form = (over: Partial<typeof EMPTY_SPACE_FORM>) => ({ ...EMPTY_SPACE_FORM, ...over });

describe('space form rules', () => {
  it('counts the characters left, negative once over the maximum', () => {
    expect(remainingChars('title', '')).toBe(SPACE_LIMITS.title);
    expect(remainingChars('title', 'abc')).toBe(SPACE_LIMITS.title - 3);
    expect(remainingChars('description', 'x'.repeat(SPACE_LIMITS.description + 4))).toBe(-4);
    expect(isOverLimit('instructions', 'x'.repeat(SPACE_LIMITS.instructions))).toBe(false);
    expect(isOverLimit('instructions', 'x'.repeat(SPACE_LIMITS.instructions + 1))).toBe(true);
  });

  it('counts an emoji as one character', () => {
    expect('🔖'.length).toBe(2);
    expect(textLength('🔖 reads')).toBe(7);
  });

  it('allows Continue only with a title and every text within its maximum', () => {
    expect(canSubmitSpaceForm(form({}))).toBe(false);
    expect(canSubmitSpaceForm(form({ title: '   ' }))).toBe(false);
    expect(canSubmitSpaceForm(form({ title: 'Trips' }))).toBe(true);
    expect(canSubmitSpaceForm(form({ title: 'x'.repeat(SPACE_LIMITS.title) }))).toBe(true);
    expect(canSubmitSpaceForm(form({ title: 'x'.repeat(SPACE_LIMITS.title + 1) }))).toBe(false);
    expect(canSubmitSpaceForm(form({ title: 'Trips', description: 'x'.repeat(SPACE_LIMITS.description + 1) }))).toBe(false);
    expect(canSubmitSpaceForm(form({ title: 'Trips', instructions: 'x'.repeat(SPACE_LIMITS.instructions + 1) }))).toBe(false);
  });

  it('is dirty once any field differs from where it started', () => {
    const start = form({ title: 'Trips', emoji: '2708-fe0f' });
    expect(isSpaceFormDirty(start, { ...start })).toBe(false);
    expect(isSpaceFormDirty({ ...start, description: 'x' }, start)).toBe(true);
    expect(isSpaceFormDirty({ ...start, emoji: '' }, start)).toBe(true);
  });

  it('sends trimmed texts', () => {
    expect(spaceFormPayload(form({ title: '  Trips ', description: ' d ', instructions: 'i\n', emoji: '1f4da' }))).toEqual({
      title: 'Trips',
      description: 'd',
      instructions: 'i',
      emoji: '1f4da',
    });
  });
});
