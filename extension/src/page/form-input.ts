// FormInput's rules (seed 003 §5): a select by option value or text, case-insensitive, listing the
// options when none matches; a checkbox is checked by true, 1, yes, on or checked; numbers must be
// numeric and ranges within their bounds; dates and times must parse; colours are #RRGGBB; file
// inputs are refused; anything else must be editable. Each failure throws AgentFailure with the
// reason that follows "Failed to set value: ".
import { AgentFailure, TEXTS } from '../shared/texts';
import { isEditable } from './visibility';

const CHECKED_WORDS = new Set(['true', '1', 'yes', 'on', 'checked']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const MONTH = /^\d{4}-\d{2}$/;
const WEEK = /^\d{4}-W\d{2}$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A date as the input wants it (YYYY-MM-DD) from an ISO date or anything Date can read. */
function dateValue(raw: string): string | null {
  if (DATE.test(raw)) return Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? null : raw;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function timeValue(raw: string): string | null {
  if (TIME.test(raw)) {
    const [h, m] = raw.split(':').map(Number);
    return h < 24 && m < 60 ? raw : null;
  }
  const ampm = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/i.exec(raw);
  if (!ampm) return null;
  const h = Number(ampm[1]);
  const m = Number(ampm[2] ?? 0);
  if (h < 1 || h > 12 || m > 59) return null;
  const h24 = (h % 12) + (ampm[3].toLowerCase() === 'pm' ? 12 : 0);
  return `${String(h24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function dateTimeValue(raw: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(raw);
  if (m) return dateValue(m[1]) && timeValue(m[2]) ? `${m[1]}T${m[2]}` : null;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Sets the value the way a page's own framework notices: through the prototype's setter, then input and change. */
function assign(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new el.ownerDocument.defaultView!.Event('input', { bubbles: true }));
  el.dispatchEvent(new el.ownerDocument.defaultView!.Event('change', { bubbles: true }));
}

/** Sets a field and says what it now holds. */
export function setFormValue(el: Element, value: string | number | boolean): string {
  const view = el.ownerDocument.defaultView!;
  const raw = String(value).trim();
  if (el instanceof view.HTMLSelectElement) {
    const wanted = raw.toLowerCase();
    const options = [...el.options];
    const match = options.find((o) => o.value.toLowerCase() === wanted) ?? options.find((o) => o.text.trim().toLowerCase() === wanted);
    if (!match) throw new AgentFailure(`No option matches "${raw}". Options: ${options.map((o) => `"${o.text.trim()}" (${o.value})`).join(', ')}`);
    assign(el, match.value);
    return `Selected "${match.text.trim()}"`;
  }
  if (el instanceof view.HTMLInputElement) {
    if (el.disabled || el.readOnly) throw new AgentFailure(TEXTS.notEditable);
    switch (el.type) {
      case 'file':
        throw new AgentFailure('file inputs are not supported');
      case 'checkbox':
      case 'radio': {
        const checked = typeof value === 'boolean' ? value : CHECKED_WORDS.has(raw.toLowerCase());
        if (el.checked !== checked) el.click();
        if (el.checked !== checked) el.checked = checked;
        return checked ? 'Checked' : 'Unchecked';
      }
      case 'number':
      case 'range': {
        const n = typeof value === 'number' ? value : raw === '' ? Number.NaN : Number(raw);
        if (!Number.isFinite(n)) throw new AgentFailure(`"${raw}" is not a number`);
        const min = el.min === '' ? null : Number(el.min);
        const max = el.max === '' ? null : Number(el.max);
        const lo = el.type === 'range' ? (min ?? 0) : min;
        const hi = el.type === 'range' ? (max ?? 100) : max;
        if ((lo !== null && n < lo) || (hi !== null && n > hi)) throw new AgentFailure(`${n} is outside ${lo ?? '-∞'} to ${hi ?? '∞'}`);
        assign(el, String(n));
        return `Set to ${n}`;
      }
      case 'date':
      case 'time':
      case 'datetime-local':
      case 'month':
      case 'week': {
        const parsed =
          el.type === 'date'
            ? dateValue(raw)
            : el.type === 'time'
              ? timeValue(raw)
              : el.type === 'datetime-local'
                ? dateTimeValue(raw)
                : el.type === 'month'
                  ? MONTH.test(raw) && Number(raw.slice(5)) >= 1 && Number(raw.slice(5)) <= 12
                    ? raw
                    : null
                  : WEEK.test(raw)
                    ? raw
                    : null;
        if (!parsed) throw new AgentFailure(`"${raw}" is not a valid ${el.type}`);
        assign(el, parsed);
        return `Set to ${parsed}`;
      }
      case 'color':
        if (!COLOUR.test(raw)) throw new AgentFailure(`"${raw}" is not a colour of the form #RRGGBB`);
        assign(el, raw.toLowerCase());
        return `Set to ${raw.toLowerCase()}`;
    }
  }
  if (!isEditable(el)) throw new AgentFailure(TEXTS.notEditable);
  if (el instanceof view.HTMLInputElement || el instanceof view.HTMLTextAreaElement) {
    assign(el, String(value));
    return 'Set';
  }
  (el as HTMLElement).textContent = String(value);
  el.dispatchEvent(new view.Event('input', { bubbles: true }));
  return 'Set';
}
