// The Actor of a request, made once by the edge before its handler runs. Nothing is looked up
// here: the parts cost a lookup only when a use case asks for them (services/shared/actor.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Actor, type ActorSource, createActor } from '../shared/actor.js';

export function actorOfRequest(req: IncomingMessage & { id?: unknown }, res: ServerResponse & { locals?: { visitorId?: string } }, source: ActorSource): Actor {
  return createActor({ requestId: String(req.id ?? ''), visitorId: res.locals?.visitorId ?? '', headers: req.headers }, source);
}
