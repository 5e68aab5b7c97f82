// @vitest-environment happy-dom
// FormInput's rules (seed 003 §5), each failure with its reason.
import fc from 'fast-check';
import { beforeEach, expect, test } from 'vitest';
import { setFormValue } from './form-input';

const field = <T extends Element>(html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild as T;
};
beforeEach(() => {
  document.body.innerHTML = '';
});

test('a select matches an option by value or text, ignoring case; otherwise it lists the options', () => {
  const select = field<HTMLSelectElement>('<select><option value="std">Standard room</option><option value="ste">Suite</option></select>');
  const changes: string[] = [];
  select.addEventListener('change', () => changes.push(select.value));
  expect(setFormValue(select, 'SUITE')).toBe('Selected "Suite"');
  expect(setFormValue(select, 'Std')).toBe('Selected "Standard room"');
  expect(changes).toEqual(['ste', 'std']);
  expect(() => setFormValue(select, 'penthouse')).toThrow('No option matches "penthouse". Options: "Standard room" (std), "Suite" (ste)');
});

test('a checkbox is checked by true, 1, yes, on and checked, in any case, and unchecked by anything else', () => {
  const box = field<HTMLInputElement>('<input type="checkbox">');
  const checkedBy = (word: string | boolean) => {
    box.checked = false;
    setFormValue(box, word);
    return box.checked;
  };
  for (const word of ['true', '1', 'YES', 'On', 'checked', true]) expect(checkedBy(word)).toBe(true);
  fc.assert(
    fc.property(
      fc.string().filter((s) => !['true', '1', 'yes', 'on', 'checked'].includes(s.trim().toLowerCase())),
      (word) => {
        box.click();
        if (!box.checked) box.click();
        setFormValue(box, word);
        return !box.checked;
      },
    ),
  );
});

test('numbers must be numeric; a range stays within its min and max', () => {
  const n = field<HTMLInputElement>('<input type="number" min="1" max="9">');
  expect(setFormValue(n, '3')).toBe('Set to 3');
  expect(n.value).toBe('3');
  expect(() => setFormValue(n, 'three')).toThrow('"three" is not a number');
  expect(() => setFormValue(n, 12)).toThrow('12 is outside 1 to 9');
  const r = field<HTMLInputElement>('<input type="range" min="10" max="20">');
  expect(setFormValue(r, 15)).toBe('Set to 15');
  expect(() => setFormValue(r, 25)).toThrow('25 is outside 10 to 20');
  const plain = field<HTMLInputElement>('<input type="range">');
  expect(() => setFormValue(plain, 101)).toThrow('101 is outside 0 to 100');
});

test('dates and times must parse', () => {
  const d = field<HTMLInputElement>('<input type="date">');
  expect(setFormValue(d, '2026-12-24')).toBe('Set to 2026-12-24');
  expect(setFormValue(d, 'March 5, 2027')).toBe('Set to 2027-03-05');
  expect(() => setFormValue(d, 'someday')).toThrow('"someday" is not a valid date');
  const t = field<HTMLInputElement>('<input type="time">');
  expect(setFormValue(t, '18:30')).toBe('Set to 18:30');
  expect(setFormValue(t, '7:05 pm')).toBe('Set to 19:05');
  expect(() => setFormValue(t, '25:00')).toThrow('"25:00" is not a valid time');
  const dt = field<HTMLInputElement>('<input type="datetime-local">');
  expect(setFormValue(dt, '2026-12-24 18:30')).toBe('Set to 2026-12-24T18:30');
  const m = field<HTMLInputElement>('<input type="month">');
  expect(() => setFormValue(m, '2026-13')).toThrow('"2026-13" is not a valid month');
});

test('colours are #RRGGBB; file inputs are refused; anything else must be editable', () => {
  const c = field<HTMLInputElement>('<input type="color">');
  expect(setFormValue(c, '#FF8800')).toBe('Set to #ff8800');
  expect(() => setFormValue(c, 'orange')).toThrow('"orange" is not a colour of the form #RRGGBB');
  expect(() => setFormValue(c, '#f80')).toThrow('is not a colour');
  expect(() => setFormValue(field('<input type="file">'), 'C:/passport.pdf')).toThrow('file inputs are not supported');
  expect(() => setFormValue(field('<input readonly value="x">'), 'y')).toThrow('not editable');
  expect(() => setFormValue(field('<div>text</div>'), 'y')).toThrow('not editable');
  const text = field<HTMLInputElement>('<input type="email">');
  expect(setFormValue(text, 'ada@example.org')).toBe('Set');
  expect(text.value).toBe('ada@example.org');
});
