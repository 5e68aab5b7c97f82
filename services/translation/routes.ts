// Translation over HTTP: the texts of the body into the first language of Accept-Language.
import type { DomainRoutes } from '../http/handler.js';
import { targetLanguage } from './language.js';
import { libreTranslate } from './libretranslate.js';
import { translateTexts } from './translate.js';

export const translationRoutes = {
  async translateTexts({ body, headers }, ctx) {
    const server = ctx.config.translate;
    const translator = server ? libreTranslate({ url: server.url, apiKey: server.apiKey }) : null;
    const acceptLanguage = headers['accept-language'];
    const language = targetLanguage(typeof acceptLanguage === 'string' ? acceptLanguage : undefined);
    return { status: 200, body: await translateTexts(body.texts, language, { translator, logger: ctx.logger }) };
  },
} satisfies DomainRoutes;
