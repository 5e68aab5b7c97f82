// Invite codes: eight characters of Crockford's base 32 (no I, L, O, U) in two groups, from the
// crypto random source, so they are short to type and cannot be guessed.
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newInviteCode() {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
