// Translation over HTTP: the texts of the body into the first language of Accept-Language.
import type { Routes } from '../app/handler.js';
import { targetLanguage } from './language.js';
import { libreTranslate } from './libretranslate.js';
import { translateTexts } from './translate.js';

export const translationRoutes: Routes = {
  async translateTexts(req, res, ctx) {
    const { texts } = req.body as { texts: string[] };
    const server = ctx.config.translate;
    const translator = server ? libreTranslate({ url: server.url, apiKey: server.apiKey }) : null;
    res.json(await translateTexts(texts, targetLanguage(req.get('accept-language')), { translator, logger: ctx.logger }));
  },
};
