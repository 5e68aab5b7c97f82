import type { DomainRoutes } from '../http/handler.js';
import { requireUser } from '../identity/index.js';
import { listOutbox } from './queries.js';

export const mailRoutes = {
  async listOutboxMail({ actor }, ctx) {
    const user = await requireUser(actor);
    return { status: 200, body: { items: await listOutbox(ctx.db, user) } };
  },
} satisfies DomainRoutes;
