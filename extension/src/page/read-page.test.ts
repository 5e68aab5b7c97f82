// @vitest-environment happy-dom
// ReadPage: visible interactive elements numbered in order, labels cut at 100 characters, the tree
// walked at most 15 levels deep, and the numbers kept for actions.
import { beforeEach, expect, test } from 'vitest';
import { readPage } from './read-page';
import { createRegistry, elementOf } from './registry';

beforeEach(() => {
  document.title = 'Booking';
  document.body.innerHTML = '';
});

test('lists the visible interactive elements with their roles, labels and state', () => {
  document.body.innerHTML = `
    <h1>Book a room</h1>
    <label for="guest">Guest name</label><input id="guest" value="Ada">
    <select aria-label="Room"><option value="s">Single</option><option value="d" selected>Double</option></select>
    <label><input type="checkbox" checked> Breakfast</label>
    <input type="hidden" name="secret"><button style="display:none">Hidden</button>
    <div hidden><a href="/x">Gone</a></div>
    <a href="/terms">Terms</a><a>No href</a>
    <button>Book now</button>`;
  const registry = createRegistry();
  expect(readPage(document, registry)).toBe(
    [
      'Page: Booking',
      '[1] textbox "Guest name" value="Ada"',
      '[2] combobox "Room" value="Double" options: Single | Double',
      '[3] checkbox "Breakfast" checked',
      '[4] link "Terms"',
      '[5] button "Book now"',
    ].join('\n'),
  );
  expect((elementOf(registry, { element: 5 }) as Element).textContent).toBe('Book now');
  expect((elementOf(registry, { ref: 'ref_4' }) as Element).textContent).toBe('Terms');
  expect(readPage(document, registry, { filter: 'all' })).toContain('heading "Book a room"');
});

test('labels are cut at 100 characters', () => {
  document.body.innerHTML = `<button>${'x'.repeat(150)}</button>`;
  const line = readPage(document, createRegistry()).split('\n')[1];
  expect(line).toBe(`[1] button "${'x'.repeat(100)}"`);
});

test('the tree is walked at most 15 levels deep, fewer when asked', () => {
  const nest = (depth: number) => `${'<div>'.repeat(depth)}<button>Deep ${depth}</button>${'</div>'.repeat(depth)}`;
  document.body.innerHTML = nest(13) + nest(14) + nest(20);
  // body is level 1: a button under 13 divs is at level 15.
  expect(readPage(document, createRegistry())).toBe('Page: Booking\n[1] button "Deep 13"');
  expect(readPage(document, createRegistry(), { max_depth: 40 })).toBe('Page: Booking\n[1] button "Deep 13"');
  expect(readPage(document, createRegistry(), { max_depth: 3 })).toBe('Page: Booking\n(no interactive elements)');
});

test('an element gone since ReadPage is "not found"; an unknown reference names itself', () => {
  document.body.innerHTML = '<button>Once</button>';
  const registry = createRegistry();
  readPage(document, registry);
  document.body.innerHTML = '';
  expect(elementOf(registry, { element: 1 })).toBe('not found');
  expect(elementOf(registry, { element: 7 })).toBe('not found');
  expect(elementOf(registry, { ref: 'ref_1' })).toBe('No element found with reference ref_1');
  expect(elementOf(registry, { ref: 'submit-button' })).toBe('No element found with reference submit-button');
});
