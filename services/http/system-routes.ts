// The edge's own operations: liveness and readiness.
import { DomainError } from '../shared/domain-error.js';
import type { DomainRoutes } from './handler.js';

export const systemRoutes = {
  async getHealth() {
    return { status: 200, body: { status: 'ok' } };
  },
  async getReadiness(_input, ctx) {
    if (!(await ctx.isReady())) throw new DomainError('unavailable', 'not_ready', 'The server is starting or stopping.');
    return { status: 200, body: { status: 'ok' } };
  },
} satisfies DomainRoutes;
