// No placeholder is left anywhere in the app (issue 36): the modals and account sections still
// served by a "this arrives with …" notice are exactly these, and each one built comes off the
// list. The list only shrinks; at the end it is empty.
import { expect, test } from 'vitest';
import { ACCOUNT_SECTIONS } from '../../features/account/sections';
import { ORG_SECTIONS } from '../../features/orgs/org-sections';
import { modalRegistry } from './registry';

const STILL_PLACEHOLDER_MODALS = ['shoppingOnboarding', 'studentVerificationRedirect', 'meetingDefaults', 'availability'];

test('the modals still placeholders are exactly the known ones', () => {
  const placeholders = Object.entries(modalRegistry)
    .filter(([, d]) => (d as { placeholder?: true }).placeholder)
    .map(([name]) => name);
  expect(placeholders.sort()).toEqual([...STILL_PLACEHOLDER_MODALS].sort());
});

test('the account and organisation sections still placeholders are exactly the known ones', () => {
  expect(ACCOUNT_SECTIONS.filter((s) => s.later).map((s) => s.path)).toEqual([]);
  expect(ORG_SECTIONS.filter((s) => s.later).map((s) => s.path)).toEqual([]);
});
