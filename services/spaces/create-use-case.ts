// Creating a Space, optionally from a template. A thread-linked creation (a thread moved into the
// new Space) is composed by its handler (thread-routes.ts), the thread's part through the port.
import type { Actor } from '../shared/actor.js';
import { randomUUID } from 'node:crypto';
import type { CollectionCreateRequest } from '../../generated/sdk/types.gen.js';
import type { KernelContext } from '../shared/context.js';
import { decideCreate } from './decide.js';
import { requireActor } from './access.js';
import { spaceErrors } from './errors.js';
import { fieldsOf } from './space-view.js';
import { findTemplate, type SpaceTemplate } from './templates.js';
import { decideSpace } from './use-cases.js';
import { checkSpaceCreation } from '../orgs/index.js';

/** The template a create names, or null for none; an unknown one is refused before anything else is checked. */
export function templateFor(templateId: string | undefined): SpaceTemplate | null {
  if (!templateId) return null;
  const template = findTemplate(templateId);
  if (!template) throw spaceErrors.unknownTemplate(templateId);
  return template;
}

export async function createSpace(ctx: KernelContext, actor: Actor, body: CollectionCreateRequest, template: SpaceTemplate | null): Promise<string> {
  const who = await requireActor(actor);
  await checkSpaceCreation(ctx.db, who.user_id);
  const uuid = randomUUID();
  await decideSpace(ctx.store, uuid, (state) =>
    decideCreate(state, { uuid, actor: who, fields: fieldsOf(body), access: body.access, template, now: ctx.now() }),
  );
  return uuid;
}
