// Adding a link: check the actor may (before any fetch), fetch the page safely, extract its
// text, and record it; the projection indexes it into the Space's corpus.
import type { Actor, SignedInFacts } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { checkCanAddLink, decideAddLink, decideRemoveLink, type OwnerFacts } from './decide.js';
import type { ExtractedPage } from './links/extract.js';
import { extractPageInWorker } from './links/extract-in-worker.js';
import { normalizeLink } from './links/normalize.js';
import { fetchPage, LinkFetchError } from './links/safe-fetch.js';
import { requireActor } from './access.js';
import { spaceErrors } from './errors.js';
import { spaceFor } from './space-view.js';
import { decideSpace, spaceState } from './use-cases.js';

type LinkCommand = { uuid: string; actor: SignedInFacts; owner: OwnerFacts; link: string };

function normalized(raw: string) {
  const n = normalizeLink(raw);
  if (!n.ok) throw spaceErrors.invalidLink(n.detail);
  return n.url;
}

/** The Space `key` as the actor may change it, with its owner's facts, for a link command. */
async function linkCommand(ctx: KernelContext, actor: Actor, key: string, link: string): Promise<LinkCommand> {
  const who = await requireActor(actor);
  const { space, owner } = await spaceFor(ctx, key, who);
  return { uuid: space.uuid, actor: who, owner, link };
}

export async function addLink(ctx: KernelContext, actor: Actor, key: string, rawLink: string) {
  const cmd = await linkCommand(ctx, actor, key, rawLink);
  const link = normalized(cmd.link);
  if (checkCanAddLink(await spaceState(ctx.store, cmd.uuid), { ...cmd, link }) === 'present') return cmd.uuid;
  let page: ExtractedPage;
  try {
    page = await extractPageInWorker(await fetchPage(link, { allowPrivateHosts: ctx.config.linkFetchAllowPrivateHosts }));
  } catch (err) {
    if (err instanceof LinkFetchError) throw spaceErrors.linkNotFetched(err.code, err.message);
    throw err;
  }
  await decideSpace(ctx.store, cmd.uuid, (state) =>
    decideAddLink(state, { ...cmd, link, title: page.title, text: page.text, text_truncated: page.truncated, now: ctx.now() }),
  );
  return cmd.uuid;
}

export async function removeLink(ctx: KernelContext, actor: Actor, key: string, rawLink: string) {
  const cmd = await linkCommand(ctx, actor, key, rawLink);
  const link = normalizeLink(cmd.link);
  // A link that cannot be normalised cannot be in the Space: nothing to remove.
  if (!link.ok) throw spaceErrors.invalidLink(link.detail);
  await decideSpace(ctx.store, cmd.uuid, (state) => decideRemoveLink(state, { ...cmd, link: link.url, now: ctx.now() }));
  return cmd.uuid;
}
