// Stored emoji code points and the characters they stand for.
import { describe, expect, it } from 'vitest';
import { BOOKMARKS_EMOJI, EMOJI_CHOICES, emojiChar, emojiCodes } from './space-emoji';

describe('space emoji', () => {
  it('turns code points into the emoji, and back', () => {
    expect(emojiChar(BOOKMARKS_EMOJI)).toBe('🔖');
    expect(emojiChar('2708-fe0f')).toBe('✈️');
    expect(emojiCodes('✈️')).toBe('2708-fe0f');
    for (const codes of EMOJI_CHOICES) expect(emojiCodes(emojiChar(codes))).toBe(codes);
  });

  it('gives nothing for none or for text that is not code points', () => {
    expect(emojiChar('')).toBe('');
    expect(emojiChar(null)).toBe('');
    expect(emojiChar('1F516')).toBe('');
    expect(emojiChar('zz')).toBe('');
    expect(emojiChar('ffffff')).toBe('');
  });

  it('offers distinct choices that the contract accepts', () => {
    expect(new Set(EMOJI_CHOICES).size).toBe(EMOJI_CHOICES.length);
    for (const codes of EMOJI_CHOICES) expect(codes).toMatch(/^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/);
  });
});
