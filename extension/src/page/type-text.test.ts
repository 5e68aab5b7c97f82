// @vitest-environment happy-dom
// Typing: only into editable fields, and a page that cancels beforeinput is obeyed.
import { expect, test } from 'vitest';
import { typeText } from './type-text';

test('types into a field, the page hearing input events', () => {
  document.body.innerHTML = '<input id="q">';
  const input = document.getElementById('q') as HTMLInputElement;
  const heard: string[] = [];
  input.addEventListener('input', (e) => heard.push((e as InputEvent).data ?? ''));
  expect(typeText(input, 'Oslo')).toBe('Typed 4 characters');
  expect(input.value).toBe('Oslo');
  expect(heard).toEqual(['Oslo']);
});

test('a cancelled beforeinput leaves the field as it was', () => {
  document.body.innerHTML = '<textarea id="t">keep</textarea>';
  const t = document.getElementById('t') as HTMLTextAreaElement;
  t.addEventListener('beforeinput', (e) => e.preventDefault());
  expect(() => typeText(t, 'more')).toThrow('beforeinput event was prevented');
  expect(t.value).toBe('keep');
});

test('a button, a disabled field or a checkbox is not editable', () => {
  document.body.innerHTML = '<button>b</button><input disabled><input type="checkbox">';
  for (const el of document.body.children) expect(() => typeText(el, 'x')).toThrow('not editable');
});
