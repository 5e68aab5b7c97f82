import type { DomainRoutes } from '../http/handler.js';
import { isAdministrator, mayVerifyByCode, requireUser } from '../identity/index.js';
import { listOutbox } from './queries.js';

export const mailRoutes = {
  async listOutboxMail({ actor }, ctx) {
    const user = await requireUser(actor);
    const items = await listOutbox(ctx.db, user, { everyone: isAdministrator(user, ctx.config.adminEmails) });
    return { status: 200, body: { items, verify_by_code: mayVerifyByCode(user, ctx.config) } };
  },
} satisfies DomainRoutes;
