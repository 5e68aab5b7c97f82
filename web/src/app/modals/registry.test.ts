// No placeholder is left anywhere in the app (issue 36): every registered modal loads a real
// component of its feature (the placeholder notice and the "comes later" sections are gone).
import { expect, test } from 'vitest';
import { modalRegistry } from './registry';

test('every registered modal loads a component of its own', async () => {
  const entries = Object.entries(modalRegistry);
  expect(entries.length).toBeGreaterThanOrEqual(74);
  for (const [name, definition] of entries) {
    const { default: component } = await definition.load();
    expect(typeof component === 'function' || (typeof component === 'object' && component !== null), name).toBe(true);
  }
}, 60_000);
