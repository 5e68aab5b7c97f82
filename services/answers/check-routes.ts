// Check sources over HTTP: anyone who may read the thread gets a verdict for each cited sentence
// of a finished answer, by overlap, and by the LLM when one is configured.
import type { DomainRoutes } from '../http/handler.js';
import { threadErrors, type SourceData, entriesOf, findEntry, readableThread, viewer } from '../threads/index.js';
import { checkAnswer } from './check-sources.js';
import { passagesByUrl } from './cited-passages.js';
import { judgeWithLlm } from './judge-sources.js';

export const checkRoutes = {
  async checkEntrySources({ actor, path }, ctx) {
    const backendUuid = path.backend_uuid;
    const found = await findEntry(ctx.db, backendUuid);
    if (!found) throw threadErrors.entryNotFound();
    // Read access first, so a pending answer's state tells nothing to someone who may not read it.
    await readableThread(ctx, found.context_uuid, await viewer(ctx, actor));
    const entry = (await entriesOf(ctx.db, found.context_uuid)).find((e) => e.backend_uuid === backendUuid);
    if (!entry) throw threadErrors.entryNotFound();
    if (entry.status === 'pending') throw threadErrors.entryNotFinished();

    const stored = (entry.sources ?? []) as SourceData[];
    const passages = await passagesByUrl(
      ctx.db,
      stored.map((s) => s.url),
    );
    const sources = stored.map((s) => ({ name: s.name, snippet: s.snippet, passage: passages.get(s.url) }));
    const overlap = checkAnswer(entry.answer, sources);
    const judged = ctx.config.llm
      ? await judgeWithLlm(ctx.config.llm, overlap.checks, sources, ctx.config.llmTimeoutMs, (err) =>
          ctx.logger.warn({ err, backendUuid }, 'source check fell back to overlap'),
        )
      : { checked_with: 'overlap' as const, checks: overlap.checks };
    return {
      status: 200,
      body: { backend_uuid: backendUuid, sources_count: overlap.sources_count, checked_with: judged.checked_with, checks: judged.checks },
    };
  },
} satisfies DomainRoutes;
