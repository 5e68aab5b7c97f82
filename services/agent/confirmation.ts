// Which actions wait for the person (issue 34): those that spend money, send a message, submit
// personal or payment data, or leave the task's sites. The labels come from the page (ReadPage's
// numbered list), so they are untrusted: they can only add a confirmation, never remove one.
import type { ConfirmationReason } from './events.js';
import { withoutWww } from '../shared/site-domain.js';

const SPENDS =
  /\b(buy|purchase|pay|checkout|check out|place order|order now|subscribe|donate|book now|confirm (?:booking|purchase|order)|add funds|transfer)\b/i;
const SENDS = /\b(send|post|publish|reply|tweet|submit comment|share|email)\b/i;
const SUBMITS = /\b(submit|sign up|register|continue to payment|save card|apply)\b/i;
// Card numbers (13-19 digits with spaces or dashes), IBANs, e-mail addresses, phone numbers.
const CARD = /\b(?:\d[ -]?){13,19}\b/;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const PHONE = /\+?\d[\d ()-]{7,}\d/;
const PERSONAL_FIELD = /\b(card|cvc|cvv|iban|account number|password|passport|social security|ssn|date of birth|address|phone|e-?mail)\b/i;

export type ActionFacts = {
  method: string;
  request: Record<string, unknown>;
  /** Hosts of the task's sites: where it started and the hosts the person confirmed. */
  taskHosts: readonly string[];
  /** The label of an element by its number, from the last ReadPage. */
  labelOf: (element: number) => string | undefined;
};

export type Confirmation = { reason: ConfirmationReason; description: string };

export function hostOf(url: string): string | null {
  if (url === 'back' || url === 'forward') return null;
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** A site's own host or one below it (www.example.com is example.com's). */
const within = (host: string, hosts: readonly string[]) => hosts.some((h) => host === h || host.endsWith(`.${withoutWww(h)}`) || h === `www.${host}`);

const targetLabel = (facts: ActionFacts) => {
  const target = facts.request.target as { element?: unknown } | undefined;
  return typeof target?.element === 'number' ? (facts.labelOf(target.element) ?? '') : '';
};

/** The confirmation an action needs, or null when it may go ahead. */
export function confirmationFor(facts: ActionFacts): Confirmation | null {
  const { method, request } = facts;
  if (method === 'Navigate' || method === 'TabsCreate') {
    const url = typeof request.url === 'string' ? request.url : '';
    const host = url ? hostOf(url) : null;
    if (host && !within(host, facts.taskHosts)) return { reason: 'leaves_task_sites', description: `Open ${host}, outside the task's sites` };
    return null;
  }
  if (method === 'FormInput') {
    const value = String(request.value ?? '');
    const label = targetLabel(facts);
    if (CARD.test(value) || IBAN.test(value) || EMAIL.test(value) || PHONE.test(value) || PERSONAL_FIELD.test(label))
      return { reason: 'submits_personal_data', description: `Fill in ${label || 'a field'} with personal or payment data` };
    return null;
  }
  if (method === 'Computer') {
    const action = String(request.action ?? '');
    if (action === 'type') {
      const text = String(request.text ?? '');
      if (CARD.test(text) || IBAN.test(text) || EMAIL.test(text) || PHONE.test(text))
        return { reason: 'submits_personal_data', description: 'Type personal or payment data' };
      return null;
    }
    if (action === 'key' && /^(enter|return)$/i.test(String(request.text ?? ''))) {
      const label = targetLabel(facts);
      return SENDS.test(label) ? { reason: 'sends_message', description: `Press Enter on ${label}` } : null;
    }
    if (!action.endsWith('click')) return null;
    const label = targetLabel(facts);
    if (SPENDS.test(label)) return { reason: 'spends_money', description: `Click ${label}` };
    if (SENDS.test(label)) return { reason: 'sends_message', description: `Click ${label}` };
    if (SUBMITS.test(label)) return { reason: 'submits_personal_data', description: `Click ${label}` };
  }
  return null;
}

/** The numbered elements of a ReadPage reply ("[12] button "Pay now""): number to label. */
export function elementLabels(pageTree: string): Map<number, string> {
  const labels = new Map<number, string>();
  for (const m of pageTree.matchAll(/^\s*\[(\d+)\]\s*(.*)$/gm)) labels.set(Number(m[1]), m[2].trim());
  return labels;
}
