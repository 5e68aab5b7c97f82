// The devices signed in to an account over HTTP: list them, sign one out, sign out all others.
// Better Auth keeps the sessions; their tokens never leave the server (a session is named by id).
import type { DomainRoutes } from '../http/handler.js';
import type { IdentityContext } from './context.js';
import { deviceOf } from './device.js';
import { identityErrors } from './errors.js';
import { authHeaders, requireUser } from './session.js';

async function sessionsOf(ctx: IdentityContext, headers: Parameters<typeof authHeaders>[0]) {
  const h = authHeaders(headers);
  const [sessions, current] = await Promise.all([ctx.auth.api.listSessions({ headers: h }), ctx.auth.api.getSession({ headers: h })]);
  return { sessions, currentId: current?.session.id ?? null };
}

export const sessionRoutes = {
  async listAccountSessions({ actor, headers }, ctx) {
    await requireUser(actor);
    const { sessions, currentId } = await sessionsOf(ctx, headers);
    const listed = sessions
      .map((s) => ({
        id: s.id,
        device: deviceOf(s.userAgent),
        ip_address: s.ipAddress || null,
        created_at: new Date(s.createdAt).toISOString(),
        last_seen_at: new Date(s.updatedAt).toISOString(),
        current: s.id === currentId,
      }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { status: 200, body: { sessions: listed } };
  },

  async revokeAccountSession({ actor, headers, path }, ctx) {
    await requireUser(actor);
    const { sessions } = await sessionsOf(ctx, headers);
    const session = sessions.find((s) => s.id === path.session_id);
    if (!session) throw identityErrors.sessionNotFound();
    await ctx.auth.api.revokeSession({ body: { token: session.token }, headers: authHeaders(headers) });
    // A remembered user id of that cookie must not outlive it.
    ctx.sessions.forgetAll();
    return { status: 204 };
  },

  async signOutOtherSessions({ actor, headers }, ctx) {
    await requireUser(actor);
    await ctx.auth.api.revokeOtherSessions({ headers: authHeaders(headers) });
    ctx.sessions.forgetAll();
    return { status: 204 };
  },
} satisfies DomainRoutes<IdentityContext>;
