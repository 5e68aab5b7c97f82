// No placeholder is left anywhere in the app (issue 36): no modal and no account or organisation
// section is served by a "this arrives with …" notice.
import { expect, test } from 'vitest';
import { ACCOUNT_SECTIONS } from '../../features/account/sections';
import { ORG_SECTIONS } from '../../features/orgs/org-sections';
import { modalRegistry } from './registry';

test('no modal is a placeholder', () => {
  const placeholders = Object.entries(modalRegistry)
    .filter(([, d]) => (d as { placeholder?: true }).placeholder)
    .map(([name]) => name);
  expect(placeholders).toEqual([]);
});

test('no account or organisation section is a placeholder', () => {
  expect(ACCOUNT_SECTIONS.filter((s) => s.later).map((s) => s.path)).toEqual([]);
  expect(ORG_SECTIONS.filter((s) => s.later).map((s) => s.path)).toEqual([]);
});
