import { expect, test } from 'vitest';
import { DEFAULT_PLAN_FILE_LIMITS } from '../shared/plans.js';
import { perksOf } from './perks.js';

const cfg = { fileLimits: DEFAULT_PLAN_FILE_LIMITS, proPerks: [{ title: 'Support', description: 'Within a day.' }] };

test('a plan’s perks are the limits the server enforces for it, and the operator’s perks for a paid plan only', () => {
  expect(perksOf('free', cfg)).toEqual([
    { title: 'Files for answers', description: 'Index up to 50 files in each file collection (My Files, a Space) and 100 in all.' },
  ]);
  expect(perksOf('pro', cfg)).toEqual([
    { title: 'Files for answers', description: 'Index up to 500 files in each file collection (My Files, a Space) and 5,000 in all.' },
    cfg.proPerks[0],
  ]);
  expect(perksOf('enterprise', cfg)[0].description).toContain('50,000 in all');
});
