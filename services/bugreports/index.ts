// What other parts use of bug reports (docs/architecture.md: a domain is used only through its index.ts).
export { bugReportRoutes } from './routes.js';
export { BUG_REPORT_CATEGORIES, type BugReportCategory, decideBugReport } from './decide.js';
export { linearTracker } from './linear.js';
export { githubTracker } from './github.js';
export type { Tracker } from './tracker.js';
