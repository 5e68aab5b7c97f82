// "Translate" for an answer: asks the API for the answer in the browser's language and hands the
// result to the parent (which shows it in place of the answer); "Show original" hands back null.
// Seeds: "On failure the original content is returned." So a failure never shows an error: the
// original stays, and a toast says translation is not available.
//
//   const [translated, setTranslated] = useState<string | null>(null);
//   <AnswerMarkdown text={translated ?? entry.answer} … />
//   <TranslateAnswerButton text={entry.answer} onTranslated={setTranslated} />   (once the answer is complete)
import { Languages } from '../../ui/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslateTexts } from '../../../../generated/react-query/translation/translation';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { browserLanguages, MAX_TEXTS, splitForTranslation } from './translation-text';

export const TRANSLATION_UNAVAILABLE = 'Translation is not available';

type Props = { text: string; onTranslated: (translated: string | null) => void };

export function TranslateAnswerButton({ text, onTranslated }: Props) {
  const [showing, setShowing] = useState<'original' | 'translated'>('original');
  // The last translation, kept per text so toggling back does not ask again.
  const cache = useRef<{ text: string; translated: string } | null>(null);
  const shownFor = useRef(text);
  // The browser's languages, sent explicitly rather than left to what fetch adds.
  const mutation = useTranslateTexts({ request: { headers: { 'Accept-Language': browserLanguages() } } });

  // A new text (a rewrite, a new answer): back to the original.
  useEffect(() => {
    if (shownFor.current === text) return;
    shownFor.current = text;
    if (showing === 'translated') onTranslated(null);
    setShowing('original');
  }, [text, showing, onTranslated]);

  const unavailable = () => toast(TRANSLATION_UNAVAILABLE, { duration: TOAST_DURATION.normal });

  const translate = () => {
    if (cache.current?.text === text) {
      onTranslated(cache.current.translated);
      return setShowing('translated');
    }
    const { texts, join } = splitForTranslation(text);
    if (texts.length > MAX_TEXTS) return unavailable();
    const asked = text;
    mutation.mutate(
      { data: { texts } },
      {
        onSuccess: (response) => {
          const data = response.status === 200 ? response.data : null;
          if (!data?.translated || data.translated_texts.length !== texts.length) return unavailable();
          if (asked !== shownFor.current) return; // the answer changed while we waited
          const translated = join(data.translated_texts);
          cache.current = { text: asked, translated };
          onTranslated(translated);
          setShowing('translated');
        },
        onError: unavailable,
      },
    );
  };

  if (showing === 'translated')
    return (
      <button
        type="button"
        className="btn-ghost"
        aria-label="Show original"
        onClick={() => {
          onTranslated(null);
          setShowing('original');
        }}
      >
        <Languages className="size-4" /> <span className="hidden sm:inline">Show original</span>
      </button>
    );
  return (
    <button
      type="button"
      className="btn-ghost"
      aria-label="Translate"
      aria-busy={mutation.isPending}
      disabled={mutation.isPending || !text.trim()}
      onClick={translate}
    >
      <Languages className="size-4" /> <span className="hidden sm:inline">{mutation.isPending ? 'Translating…' : 'Translate'}</span>
    </button>
  );
}
