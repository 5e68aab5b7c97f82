// Translation for `make dev-mocks` and component tests: a deterministic "translation" into the
// first language of Accept-Language, each non-blank text prefixed with `[<language>] `.
import type { RequestHandler } from 'msw';
import { getTranslateTextsMockHandler } from '../generated/msw/translation/translation.msw';
import type { TranslateRequest } from '../generated/react-query/model';

/** The primary subtag of the header's first language ('de-CH, de;q=0.9' → 'de'), else 'en'. */
export function mockTargetLanguage(header: string | null) {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
  return first && /^[a-z]{2,3}$/.test(first) ? first : 'en';
}

export const mockTranslation = (text: string, language: string) => (text.trim() ? `[${language}] ${text}` : text);

export function translationHandlers(): RequestHandler[] {
  return [
    getTranslateTextsMockHandler(async ({ request }) => {
      const { texts } = (await request.json()) as TranslateRequest;
      const language = mockTargetLanguage(request.headers.get('accept-language'));
      return { translated_texts: texts.map((t) => mockTranslation(t, language)), translated: true, target_language: language };
    }),
  ];
}
