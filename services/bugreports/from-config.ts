// The tracker the operator configured (BUG_REPORT_TRACKER), or null: bug reports are not set up.
import type { Config } from '../shared/config.js';
import { githubTracker } from './github.js';
import { linearTracker } from './linear.js';
import type { Tracker } from './tracker.js';

export function trackerFromConfig(bugReports: Config['bugReports']): Tracker | null {
  if (!bugReports) return null;
  const t = bugReports.tracker;
  return t.kind === 'linear' ? linearTracker({ apiUrl: t.apiUrl, apiKey: t.apiKey, teamId: t.teamId }) : githubTracker(t);
}
