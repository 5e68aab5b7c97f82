// Research over HTTP: a report's progress (the report itself is its entry's answer in the thread).
import type { DomainRoutes } from '../http/handler.js';
import type { KernelContext } from '../shared/context.js';
import { researchReport } from './use-cases.js';

export const researchRoutes = {
  async getResearchReport({ actor, path }, ctx) {
    return { status: 200, body: await researchReport(ctx.db, actor, path.backend_uuid) };
  },
} satisfies DomainRoutes<KernelContext>;
