// The bounds of the account settings, shared by decide(), the spec's numbers and the web forms.
export const ABOUT_ME_MAX = 1500;
export const SITE_INSTRUCTIONS_MAX_COUNT = 50;
export const SITE_INSTRUCTIONS_MAX_LENGTH = 2000;

/** The languages answers can be asked to use (ISO 639-1), by their English names; `auto` follows the question. */
export const ANSWER_LANGUAGES: Record<string, string> = {
  ar: 'Arabic',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hi: 'Hindi',
  hu: 'Hungarian',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nb: 'Norwegian Bokmål',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sv: 'Swedish',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh: 'Chinese',
};

/** Characters as people (and JSON Schema's maxLength) count them: code points, not UTF-16 units. */
export const charCount = (s: string) => [...s].length;
