// Values an attacker sends instead of what a form would: strings that break naive storage,
// rendering or parsing, and numbers JSON and query strings can carry but a database cannot.
import fc from 'fast-check';

/** A number as written in JSON text or a query string, kept raw: `1e999` parses to Infinity. */
export class RawNumber {
  constructor(readonly text: string) {}
}

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as the literal text.
  '{{7*7}}${7*7}',
  '\r\nSet-Cookie: a=b',
  ' ',
  '',
  'null',
  '👩‍👩‍👧‍👦'.repeat(3),
  'e\u0301\u0301\u0301',
  'مرحبا بالعالم',
];

export const HOSTILE_NUMBER_TEXTS = [
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '-0',
  'NaN',
  '9007199254740993',
  '1e21',
  '0x10',
  '1.5',
  '-1',
  '+1',
  ' 1',
  '1_0',
  '',
];
/** Numbers that survive as JSON number literals (NaN and Infinity are not JSON). */
export const HOSTILE_JSON_NUMBERS = ['1e999', '-1e999', '-0', '9007199254740993', '1e308', '-1', '0.5', '1e-400', '123456789012345678901234567890'];

/** A hostile string: one of the list, a long one, or a random mix with NUL and surrogate halves. */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom('A'.repeat(5_000), 'é'.repeat(70_000), '\u0000'.repeat(300)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\uD83D', '\uDE00', '\u202E', '\u200B'), fc.string({ maxLength: 10 }))
        .map(([a, b, c]) => a + b + c),
    },
  );

export const hostileNumber = (): fc.Arbitrary<RawNumber> => fc.constantFrom(...HOSTILE_JSON_NUMBERS).map((t) => new RawNumber(t));
export const hostileNumberText = (): fc.Arbitrary<string> => fc.constantFrom(...HOSTILE_NUMBER_TEXTS);

/** JSON text for a value that may hold RawNumbers (written as they are, not as JSON.stringify would). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes every byte of the UTF-8 form, so lone surrogates (U+FFFD) cannot make it throw. */
export function encodeUtf8(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');
}
