// Typing into a field as a person would: the field must be editable, a page that cancels
// `beforeinput` is obeyed (the text is not forced in), and the page hears input events.
import { AgentFailure, TEXTS } from '../shared/texts';
import { isEditable } from './visibility';

export function typeText(el: Element, text: string): string {
  const view = el.ownerDocument.defaultView!;
  if (!isEditable(el)) throw new AgentFailure(TEXTS.notEditable);
  (el as HTMLElement).focus();
  const before = new view.InputEvent('beforeinput', { inputType: 'insertText', data: text, bubbles: true, cancelable: true });
  if (!el.dispatchEvent(before)) throw new AgentFailure(TEXTS.beforeInputPrevented);
  if (el instanceof view.HTMLInputElement || el instanceof view.HTMLTextAreaElement) {
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? el.value.length;
    const next = el.value.slice(0, start) + text + el.value.slice(end);
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
    if (setter) setter.call(el, next);
    else el.value = next;
  } else {
    el.append(el.ownerDocument.createTextNode(text));
  }
  el.dispatchEvent(new view.InputEvent('input', { inputType: 'insertText', data: text, bubbles: true }));
  return `Typed ${text.length} characters`;
}
