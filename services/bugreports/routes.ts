// The bug tool's call over HTTP: the hook segment first (a wrong one answers as no route at all),
// then one use case.
import { timingSafeEqual } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import { shareThreadForBugReport } from '../threads/index.js';
import { bugReportErrors } from './errors.js';
import { trackerFromConfig } from './from-config.js';
import { submitBugReport } from './use-cases.js';

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export const bugReportRoutes = {
  async submitBugReport({ actor, body, path }, ctx) {
    const configured = ctx.config.bugReports;
    if (!configured) throw bugReportErrors.notConfigured();
    const hook = path.debugger_hook;
    if (!sameText(hook, configured.hook)) throw bugReportErrors.noSuchHook(hook);
    const reply = await submitBugReport(
      {
        tracker: trackerFromConfig(configured),
        origins: ctx.config.trustedOrigins,
        shareThread: (who, key) => shareThreadForBugReport(ctx, who, key),
        logger: ctx.logger,
      },
      actor,
      body,
    );
    return { status: 200, body: reply };
  },
} satisfies DomainRoutes;
