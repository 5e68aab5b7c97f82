// Translation for `make dev-mocks` and component tests, by the server's own use case
// (services/translation/translate.ts, language.ts): the target is the first language of
// Accept-Language; with `translation: 'mock'` a deterministic "translator" prefixes each text
// with `[<language>] `, and with 'off' no translator is configured, so the originals come back
// with `translated: false`, as on a server without TRANSLATE_URL.
import type { RequestHandler } from 'msw';
import { getTranslateTextsMockHandler } from '../generated/msw/translation/translation.msw';
import type { TranslateRequest } from '../generated/react-query/model';
import { targetLanguage, translateTexts } from '../services/translation/pure';

export type MockTranslation = 'mock' | 'off';

export const mockTranslation = (text: string, language: string) => `[${language}] ${text}`;

const quiet = { warn: () => {} };

export function translationHandlers(mode: MockTranslation = 'mock'): RequestHandler[] {
  const translator = mode === 'mock' ? async (texts: string[], target: string) => texts.map((t) => mockTranslation(t, target)) : null;
  return [
    getTranslateTextsMockHandler(async ({ request }) => {
      const { texts } = (await request.json()) as TranslateRequest;
      return translateTexts(texts, targetLanguage(request.headers.get('accept-language')), { translator, logger: quiet });
    }),
  ];
}
