import type { Routes } from '../app/handler.js';
import { requireUser } from '../identity/session.js';
import { listOutbox } from './queries.js';

export const mailRoutes: Routes = {
  async listOutboxMail(req, res, ctx) {
    const user = await requireUser(req, ctx);
    res.json({ items: await listOutbox(ctx.db, user.id) });
  },
};
