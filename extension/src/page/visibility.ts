// Whether a person could see an element: not hidden by an attribute or by its own or an
// ancestor's style. (Size is not asked: a page without layout, as in tests, has none.)
export function isVisible(el: Element): boolean {
  if (el instanceof el.ownerDocument.defaultView!.HTMLInputElement && el.type === 'hidden') return false;
  const view = el.ownerDocument.defaultView!;
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
    const style = view.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
  }
  return true;
}

/** Fields a person can type into. */
export function isEditable(el: Element): boolean {
  const view = el.ownerDocument.defaultView!;
  if (el instanceof view.HTMLTextAreaElement) return !el.disabled && !el.readOnly;
  if (el instanceof view.HTMLInputElement) {
    const textual = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''].includes(el.type);
    return textual && !el.disabled && !el.readOnly;
  }
  return (el as HTMLElement).isContentEditable === true || el.getAttribute('contenteditable') === 'true' || el.getAttribute('contenteditable') === '';
}
