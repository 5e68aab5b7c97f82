// Translate texts for a reader. Seeds: "On failure the original content is returned." So every
// failure (no server, an error, a timeout, a wrong answer) gives back the originals with
// `translated: false`, and is logged; it never becomes an error for the caller.
import type { Translator } from './libretranslate.js';

export type TranslationResult = { translated_texts: string[]; translated: boolean; target_language: string };
type Deps = { translator: Translator | null; logger: { warn: (obj: object, msg: string) => void } };

const isBlank = (text: string) => text.trim() === '';

export async function translateTexts(texts: string[], target: string, deps: Deps): Promise<TranslationResult> {
  const originals = { translated_texts: texts, translated: false, target_language: target };
  if (!deps.translator) return originals;
  // Blank texts translate to themselves: send only the others, then put each answer back in place.
  const positions = texts.flatMap((text, i) => (isBlank(text) ? [] : [i]));
  if (positions.length === 0) return { ...originals, translated: true };
  try {
    const answers = await deps.translator(
      positions.map((i) => texts[i]!),
      target,
    );
    if (answers.length !== positions.length) throw new Error(`translation server answered ${answers.length} texts for ${positions.length}`);
    const translated = [...texts];
    for (const [k, at] of positions.entries()) translated[at] = answers[k]!;
    return { translated_texts: translated, translated: true, target_language: target };
  } catch (err) {
    deps.logger.warn({ err, target, texts: texts.length }, 'translation failed; returning the original texts');
    return originals;
  }
}
