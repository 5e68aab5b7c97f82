import { expect, test } from 'vitest';
import { parseKeys } from './keys';

test('key names, modifiers and sequences become the protocol’s key presses', () => {
  expect(parseKeys('Enter')).toEqual([{ key: 'Enter', code: 'Enter', keyCode: 13, modifiers: 0, text: '\r' }]);
  expect(parseKeys('ctrl+a')).toEqual([{ key: 'a', code: 'KeyA', keyCode: 65, modifiers: 2 }]);
  expect(parseKeys('shift+Tab')?.[0]).toMatchObject({ key: 'Tab', modifiers: 8 });
  expect(parseKeys('Tab Tab Enter')?.map((p) => p.key)).toEqual(['Tab', 'Tab', 'Enter']);
  expect(parseKeys('x')).toEqual([{ key: 'x', code: 'KeyX', keyCode: 88, modifiers: 0, text: 'x' }]);
  expect(parseKeys('F5')?.[0]).toMatchObject({ key: 'F5', keyCode: 116 });
  expect(parseKeys('hyper+a')).toBeNull();
  expect(parseKeys('banana')).toBeNull();
});
