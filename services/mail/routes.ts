import type { DomainRoutes } from '../http/handler.js';
import { isAdministrator, requireUser } from '../identity/index.js';
import { listOutbox } from './queries.js';

export const mailRoutes = {
  async listOutboxMail({ actor }, ctx) {
    const user = await requireUser(actor);
    return { status: 200, body: { items: await listOutbox(ctx.db, user, { everyone: isAdministrator(user, ctx.config.adminEmails) }) } };
  },
} satisfies DomainRoutes;
