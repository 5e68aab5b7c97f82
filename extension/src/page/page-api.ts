// The calls the service worker makes into a page: each answers { ok, value } or { ok: false, error }
// (an error thrown across chrome.scripting loses its text). The registry keeps ReadPage's numbers.
import { AgentFailure } from '../shared/texts';
import { setFormValue } from './form-input';
import { locate, targetElement } from './locate';
import { pageText } from './page-text';
import { readPage } from './read-page';
import { createRegistry, type ElementRegistry } from './registry';
import type { Target } from './target';
import { typeText } from './type-text';

export type PageCall =
  | { name: 'readPage'; filter?: 'interactive' | 'all'; max_depth?: number }
  | { name: 'pageText'; max?: number }
  | { name: 'locate'; target?: Target }
  | { name: 'click'; target?: Target }
  | { name: 'formInput'; target: Target; value: string | number | boolean }
  | { name: 'typeText'; target?: Target; text: string };

export type PageAnswer = { ok: true; value: unknown } | { ok: false; error: string };

export function pageApi(doc: Document, registry: ElementRegistry = createRegistry()) {
  const run = (call: PageCall): unknown => {
    switch (call.name) {
      case 'readPage':
        return readPage(doc, registry, call);
      case 'pageText':
        return pageText(doc, call.max);
      case 'locate':
        return locate(registry, call.target);
      case 'click': {
        // The page's own click, for when chrome.debugger cannot attach (DevTools open on the tab).
        const el = targetElement(registry, call.target) as HTMLElement;
        el.scrollIntoView?.({ block: 'center' });
        el.click();
        return 'Clicked';
      }
      case 'formInput':
        return setFormValue(targetElement(registry, call.target), call.value);
      case 'typeText': {
        const el = call.target ? targetElement(registry, call.target) : doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
        if (!el) throw new AgentFailure('not found');
        return typeText(el, call.text);
      }
    }
  };
  return (call: PageCall): PageAnswer => {
    try {
      return { ok: true, value: run(call) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  };
}
