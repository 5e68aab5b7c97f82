// Student verification over HTTP (spec/paths/students.yaml): each handler calls one use case.
import type { DomainRoutes } from '../http/handler.js';
import type { KernelContext } from '../shared/context.js';
import { confirmStudentCode, getStudentVerification, sendStudentCode, type StudentDeps } from './use-cases.js';

const deps = (ctx: KernelContext): StudentDeps => ({
  store: ctx.store,
  db: ctx.db,
  domains: ctx.config.students.domains,
  offer: ctx.config.students.offer,
  plans: ctx.config.billing.plans,
  publicUrl: ctx.config.publicUrl,
  now: ctx.now,
});

export const studentRoutes = {
  async getStudentVerification({ actor }, ctx) {
    return { status: 200, body: await getStudentVerification(deps(ctx), actor) };
  },
  async sendStudentVerificationCode({ actor, body }, ctx) {
    return { status: 200, body: await sendStudentCode(deps(ctx), actor, body) };
  },
  async confirmStudentVerificationCode({ actor, body }, ctx) {
    return { status: 200, body: await confirmStudentCode(deps(ctx), actor, body) };
  },
} satisfies DomainRoutes;
