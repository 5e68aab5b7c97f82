// ReadPage: the page as a numbered list of its interactive elements ("[3] button "Book now""),
// walking the tree at most 15 levels deep and cutting each label at 100 characters (seed 003 §9).
// The numbers go into the registry so that actions can name elements by them.
import { LABEL_MAX_CHARS, TREE_DEPTH_MAX } from '../shared/limits';
import type { ElementRegistry } from './registry';
import { isVisible } from './visibility';

const INTERACTIVE = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);
const INTERACTIVE_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'option', 'switch', 'textbox', 'combobox', 'searchbox', 'slider']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD']);

export type ReadPageOptions = { filter?: 'interactive' | 'all'; max_depth?: number };

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const cut = (s: string) => (s.length > LABEL_MAX_CHARS ? s.slice(0, LABEL_MAX_CHARS) : s);

function isInteractive(el: Element): boolean {
  if (INTERACTIVE.has(el.tagName)) return el.tagName !== 'A' || el.hasAttribute('href');
  const role = el.getAttribute('role');
  if (role && INTERACTIVE_ROLES.has(role)) return true;
  const editable = el.getAttribute('contenteditable');
  return editable === '' || editable === 'true';
}

function roleOf(el: Element): string {
  const role = el.getAttribute('role');
  if (role) return role;
  switch (el.tagName) {
    case 'A':
      return 'link';
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'SELECT':
      return 'combobox';
    case 'TEXTAREA':
      return 'textbox';
    case 'INPUT': {
      const type = (el as HTMLInputElement).type;
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (['checkbox', 'radio', 'range', 'file', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'number'].includes(type)) return type;
      return 'textbox';
    }
    default:
      return 'textbox';
  }
}

/** The element's accessible name, roughly as a screen reader gives it. */
export function labelOf(el: Element): string {
  const doc = el.ownerDocument;
  const labelledBy = el.getAttribute('aria-labelledby');
  const candidates = [
    el.getAttribute('aria-label'),
    labelledBy
      ?.split(/\s+/)
      .map((id) => doc.getElementById(id)?.textContent ?? '')
      .join(' '),
    el.id ? doc.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null,
    el.closest('label')?.textContent,
    el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes((el as HTMLInputElement).type) ? (el as HTMLInputElement).value : null,
    el.tagName === 'SELECT' || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? null : el.textContent,
    el.getAttribute('placeholder'),
    el.getAttribute('title'),
    el.getAttribute('alt'),
    el.getAttribute('name'),
  ];
  return cut(clean(candidates.find((c) => clean(c) !== '')));
}

function stateOf(el: Element): string {
  const view = el.ownerDocument.defaultView!;
  if (el instanceof view.HTMLInputElement) {
    if (el.type === 'checkbox' || el.type === 'radio') return el.checked ? ' checked' : ' unchecked';
    if (el.type === 'file' || el.type === 'password') return '';
    if (el.value) return ` value="${cut(clean(el.value))}"`;
    return '';
  }
  if (el instanceof view.HTMLSelectElement) {
    const options = [...el.options].map((o) => cut(clean(o.text))).join(' | ');
    return ` value="${cut(clean(el.selectedOptions[0]?.text ?? ''))}" options: ${options.length > LABEL_MAX_CHARS ? `${options.slice(0, LABEL_MAX_CHARS)}…` : options}`;
  }
  if (el instanceof view.HTMLTextAreaElement && el.value) return ` value="${cut(clean(el.value))}"`;
  return '';
}

/** Numbers the page's visible interactive elements into the registry and lists them, one a line. */
export function readPage(doc: Document, registry: ElementRegistry, options: ReadPageOptions = {}): string {
  const maxDepth = Math.min(Math.max(1, options.max_depth ?? TREE_DEPTH_MAX), TREE_DEPTH_MAX);
  registry.byNumber.clear();
  const lines: string[] = [];
  const walk = (el: Element, depth: number) => {
    if (depth > maxDepth || SKIPPED.has(el.tagName.toUpperCase())) return;
    if (!isVisible(el)) return;
    if (isInteractive(el)) {
      const n = registry.byNumber.size + 1;
      registry.byNumber.set(n, el);
      const label = labelOf(el);
      lines.push(`[${n}] ${roleOf(el)}${label ? ` "${label}"` : ''}${stateOf(el)}`);
    } else if (options.filter === 'all' && /^H[1-6]$/.test(el.tagName)) {
      lines.push(`heading "${cut(clean(el.textContent))}"`);
    }
    for (const child of el.children) walk(child, depth + 1);
  };
  if (doc.body) walk(doc.body, 1);
  const title = cut(clean(doc.title));
  return [`Page: ${title}`, ...(lines.length ? lines : ['(no interactive elements)'])].join('\n');
}
