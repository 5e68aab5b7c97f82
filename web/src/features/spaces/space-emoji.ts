// Space emoji are stored as lower-case hex code points joined by '-' (SpaceEmoji in the spec,
// e.g. 1f516 for the Bookmarks collection); empty means none.

/** The Bookmarks collection's emoji (seed 000 §3). */
export const BOOKMARKS_EMOJI = '1f516';

/** The picker's choices: a small set that fits common Spaces. */
export const EMOJI_CHOICES = [
  '1f4da',
  '1f4bc',
  '1f9e0',
  '1f52c',
  '1f4c8',
  '1f4a1',
  '1f3af',
  '1f680',
  '1f4dd',
  '1f393',
  '1f3a8',
  '1f3b5',
  '1f30d',
  '1f3e0',
  '2708-fe0f',
  '1f37d-fe0f',
  '1f4bb',
  '1f9ea',
  '2696-fe0f',
  '1f4b0',
  '1f3e5',
  '1f331',
  '2b50',
  '1f9ed',
] as const;

const CODE_POINTS = /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/;

/** The emoji character of stored code points; '' for none or anything that is not code points. */
export function emojiChar(codes: string | null | undefined): string {
  if (!codes || !CODE_POINTS.test(codes)) return '';
  try {
    return String.fromCodePoint(...codes.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return ''; // beyond U+10FFFF
  }
}

/** The stored form of an emoji character (inverse of emojiChar). */
export const emojiCodes = (char: string) => Array.from(char, (c) => c.codePointAt(0)!.toString(16)).join('-');
