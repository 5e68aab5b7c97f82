// Data rights over HTTP: export everything a person owns, and delete the account.
import type { DomainRoutes } from '../http/handler.js';
import type { IdentityContext } from '../identity/index.js';
import { authHeaders, requireUser } from '../identity/index.js';
import { ownedSpacesWithHeirs } from '../spaces/index.js';
import { closeSignIn } from './deletion.js';
import { rightsErrors } from './errors.js';
import { latestExport } from './queries.js';
import { exportArchive, exportView, requestDeletion, requestExport } from './use-cases.js';

export const rightsRoutes = {
  async getDataExport({ actor }, ctx) {
    const user = await requireUser(actor);
    const row = await latestExport(ctx.db, user.id);
    return { status: 200, body: { export: row ? exportView(row, ctx.now()) : null } };
  },

  async requestDataExport({ actor }, ctx) {
    const user = await requireUser(actor);
    return { status: 202, body: exportView(await requestExport(ctx, user.id), ctx.now()) };
  },

  async downloadDataExport({ actor, path }, ctx) {
    const user = await requireUser(actor);
    const archive = await exportArchive(ctx, user.id, path.export_id);
    return { file: { body: archive.body, contentType: 'application/octet-stream', filename: archive.filename } };
  },

  async listOwnedSpacesForDeletion({ actor }, ctx) {
    const user = await requireUser(actor);
    const spaces = await ownedSpacesWithHeirs(ctx.db, user.id);
    return {
      status: 200,
      body: {
        spaces: spaces.map((s) => ({
          uuid: s.uuid,
          title: s.title,
          emoji: s.emoji,
          heirs: s.heirs.map((h) => ({ member_id: h.member_id, name: h.name, email: h.email })),
        })),
      },
    };
  },

  async deleteAccount({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    const ok = await ctx.auth.api.verifyPassword({ body: { password: body.password }, headers: authHeaders(headers) }).then(
      () => true,
      () => false,
    );
    if (!ok) throw rightsErrors.wrongPassword();
    await requestDeletion(ctx, { userId: user.id, confirmation: body.confirmation, handOver: body.hand_over ?? {} });
    // Signed out here (Better Auth clears its cookies) and everywhere else at once; the workflow,
    // started from the request's event, does the rest.
    const signedOut = await ctx.auth.api.signOut({ headers: authHeaders(headers), returnHeaders: true });
    await closeSignIn(ctx, user.id);
    ctx.sessions.forgetAll();
    return { status: 202, body: { status: 'deleting' as const }, headers: { 'set-cookie': signedOut.headers.getSetCookie() } };
  },
} satisfies DomainRoutes<IdentityContext>;
