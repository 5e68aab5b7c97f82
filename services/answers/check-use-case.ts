// Check sources: anyone who may read the thread gets a verdict for each cited sentence of a
// finished answer, by overlap, and by the LLM when one is configured.
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { type SourceData, entriesOf, findEntry, readableThread, type ThreadsContext, visibleSources } from '../threads/index.js';
import { checkAnswer } from './check-sources.js';
import { passagesByUrl } from './cited-passages.js';
import { cachedPageTexts } from './web-pages/cache.js';
import { answerErrors } from './errors.js';
import { judgeWithLlm } from './judge-sources.js';

export async function checkEntrySources(ctx: KernelContext & Pick<ThreadsContext, 'sourceAccess'>, actor: Actor, backendUuid: string) {
  const found = await findEntry(ctx.db, backendUuid);
  if (!found) throw answerErrors.entryNotFound();
  // Read access first, so a pending answer's state tells nothing to someone who may not read it.
  await readableThread(ctx, found.context_uuid, actor);
  const entry = (await entriesOf(ctx.db, found.context_uuid)).find((e) => e.backend_uuid === backendUuid);
  if (!entry) throw answerErrors.entryNotFound();
  if (entry.status === 'pending') throw answerErrors.entryNotFinished();

  // Only what the reader may see of each source is checked against: a connector's item they may
  // not read at its source backs nothing, so no verdict or reason tells of its text.
  const stored = await visibleSources(ctx.sourceAccess, await actor.userId(), (entry.sources ?? []) as SourceData[]);
  const urls = stored.filter((s) => s.url).map((s) => s.url);
  // A web source's page (issue 33) is checked against the text read, while the page cache holds it.
  const [passages, pages] = await Promise.all([passagesByUrl(ctx.db, urls), cachedPageTexts(ctx.db, urls)]);
  const sources = stored.map((s) => ({ name: s.name, snippet: s.snippet, passage: passages.get(s.url) ?? pages.get(s.url) }));
  const overlap = checkAnswer(entry.answer, sources, entry.query_str);
  const judged = ctx.config.llm
    ? await judgeWithLlm(ctx.config.llm, overlap.checks, sources, ctx.config.llmTimeoutMs, (err) =>
        ctx.logger.warn({ err, backendUuid }, 'source check fell back to overlap'),
      )
    : { checked_with: 'overlap' as const, checks: overlap.checks };
  return { backend_uuid: backendUuid, sources_count: overlap.sources_count, checked_with: judged.checked_with, checks: judged.checks };
}
