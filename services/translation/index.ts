// What other parts use of translation (docs/architecture.md: a domain is used only through its index.ts):
// its route, and the rules that pick the reader's language and translate through LibreTranslate.
export { translationRoutes } from './routes.js';
export { DEFAULT_TARGET_LANGUAGE, targetLanguage } from './language.js';
export { libreTranslate, type Translator } from './libretranslate.js';
export { type TranslationResult, translateTexts } from './translate.js';
