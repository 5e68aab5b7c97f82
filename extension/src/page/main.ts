// The page side of the extension, injected into a tab (chrome.scripting) before each call. It
// installs once per document, so the element numbers of the last ReadPage live on in the page's
// isolated world (never the page's own world, which cannot see or call it).
import { type PageAnswer, type PageCall, pageApi } from './page-api';

declare global {
  var __answerEngineAgent: ((call: PageCall) => PageAnswer) | undefined;
}

if (!globalThis.__answerEngineAgent) globalThis.__answerEngineAgent = pageApi(document);
