import type { Routes } from './handler.js';
import { problemBody } from './problem.js';

export const systemRoutes: Routes = {
  async getHealth(_req, res) {
    res.json({ status: 'ok' });
  },
  async getReadiness(_req, res, ctx) {
    if (await ctx.isReady()) res.json({ status: 'ok' });
    else
      res
        .status(503)
        .type('application/problem+json')
        .send(JSON.stringify(problemBody(503, 'not_ready', 'The server is starting or stopping.')));
  },
};
