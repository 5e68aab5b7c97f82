// The elements ReadPage numbered last, so that actions may name them by number ("element": 3) or
// reference ("ref": "ref_3"). Lives in the page's isolated world until the next ReadPage.
import { TEXTS } from '../shared/texts';
import type { Target } from './target';

export type ElementRegistry = { byNumber: Map<number, Element> };

export const createRegistry = (): ElementRegistry => ({ byNumber: new Map() });

export const refOf = (n: number) => `ref_${n}`;

/** The element a target names, or the reason it cannot be acted on ('not found', 'No element found with reference …'). */
export function elementOf(registry: ElementRegistry, target: Target | undefined): Element | string {
  if (target?.ref !== undefined) {
    const m = /^ref_(\d+)$/.exec(target.ref);
    const el = m ? registry.byNumber.get(Number(m[1])) : undefined;
    return el?.isConnected ? el : TEXTS.noElementWithReference(target.ref);
  }
  if (typeof target?.element === 'number') {
    const el = registry.byNumber.get(target.element);
    return el?.isConnected ? el : TEXTS.notFound;
  }
  return TEXTS.notFound;
}
