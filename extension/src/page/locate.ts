// Where an action lands: the centre of the element a target names, scrolled into view, in viewport
// CSS pixels (what chrome.debugger's input events take), or the target's own x/y.
import { AgentFailure } from '../shared/texts';
import { type ElementRegistry, elementOf } from './registry';
import type { Target } from './target';
import { isVisible } from './visibility';

export type Point = { x: number; y: number };

export function targetElement(registry: ElementRegistry, target: Target | undefined): Element {
  const found = elementOf(registry, target);
  if (typeof found === 'string') throw new AgentFailure(found);
  if (!isVisible(found)) throw new AgentFailure('invisible');
  return found;
}

export function locate(registry: ElementRegistry, target: Target | undefined): Point {
  if (target && typeof target.x === 'number' && typeof target.y === 'number' && target.element === undefined && target.ref === undefined)
    return { x: target.x, y: target.y };
  const el = targetElement(registry, target);
  el.scrollIntoView?.({ block: 'center', inline: 'center' });
  const rect = el.getBoundingClientRect();
  return { x: Math.round(rect.left + rect.width / 2), y: Math.round(rect.top + rect.height / 2) };
}
