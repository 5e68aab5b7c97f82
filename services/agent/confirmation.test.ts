// Which actions wait for the person: spending, sending, personal or payment data, leaving the
// task's sites; and what goes ahead without asking.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { confirmationFor, elementLabels } from './confirmation.js';

const labels = elementLabels('[1] button "Search flights"\n[2] button "Pay now"\n[3] textbox "Email"\n[4] button "Send message"\n  [5] link "Next page"');
const facts = (method: string, request: Record<string, unknown>) => ({
  method,
  request,
  taskHosts: ['flights.example.com'],
  labelOf: (n: number) => labels.get(n),
});
const click = (element: number) => facts('Computer', { action: 'left_click', target: { element } });

describe('confirmationFor', () => {
  test('a click on a button that pays or sends waits; one that searches does not', () => {
    expect(confirmationFor(click(2))?.reason).toBe('spends_money');
    expect(confirmationFor(click(4))?.reason).toBe('sends_message');
    expect(confirmationFor(click(1))).toBeNull();
    expect(confirmationFor(click(5))).toBeNull();
  });
  test('leaving the task’s sites waits; its own pages and history do not', () => {
    expect(confirmationFor(facts('Navigate', { url: 'mail.example.org' }))).toMatchObject({ reason: 'leaves_task_sites' });
    expect(confirmationFor(facts('TabsCreate', { url: 'https://evil.example/x' }))?.reason).toBe('leaves_task_sites');
    expect(confirmationFor(facts('Navigate', { url: 'https://flights.example.com/next' }))).toBeNull();
    expect(confirmationFor(facts('Navigate', { url: 'back' }))).toBeNull();
  });
  test('a task site of www. and one label covers itself, not its whole top-level domain', () => {
    const on = (url: string) => confirmationFor({ ...facts('Navigate', { url }), taskHosts: ['www.com'] });
    expect(on('https://shop.www.com/')).toBeNull();
    expect(on('https://evil.com/')?.reason).toBe('leaves_task_sites');
  });
  test('personal or payment data waits: a card number typed, an email filled in', () => {
    expect(confirmationFor(facts('Computer', { action: 'type', text: '4111 1111 1111 1111' }))?.reason).toBe('submits_personal_data');
    expect(confirmationFor(facts('FormInput', { target: { element: 3 }, value: 'x' }))?.reason).toBe('submits_personal_data');
    expect(confirmationFor(facts('FormInput', { target: { element: 1 }, value: 'ada@example.com' }))?.reason).toBe('submits_personal_data');
    expect(confirmationFor(facts('Computer', { action: 'type', text: 'Paris' }))).toBeNull();
  });
  test('reading never waits, whatever the page says', () => {
    fc.assert(
      fc.property(fc.constantFrom('ReadPage', 'GetPageText', 'TabsContext'), fc.dictionary(fc.string(), fc.string()), (method, request) => {
        expect(confirmationFor(facts(method, request))).toBeNull();
      }),
    );
  });
  test('any page label can add a confirmation to a click, never take one away from a site change', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.domain(), (label, host) => {
        const f = {
          method: 'Navigate',
          request: { url: `https://${host}/`, target: { element: 1 } },
          taskHosts: ['flights.example.com'],
          labelOf: () => label,
        };
        const leaves = host !== 'flights.example.com' && !host.endsWith('.flights.example.com');
        expect(confirmationFor(f)?.reason === 'leaves_task_sites').toBe(leaves);
      }),
    );
  });
});
