import { expect, test } from 'vitest';
import { runModeOf } from './run.js';

test("a run in a Space searches the Space's files: `web` alone becomes `auto` there; other sources stay", () => {
  expect(runModeOf(['web'], false)).toBe('web');
  expect(runModeOf(['web'], true)).toBe('auto');
  expect(runModeOf(['help'], true)).toBe('help');
  expect(runModeOf(['web', 'help'], true)).toBe('auto');
});
