// The LLM's verdicts on an answer's cited sentences, asked once per answer as structured output
// (a JSON schema the provider may enforce; a reply in a code fence is read too). Anything short of
// a verdict for every sentence (an error, a timeout, prose instead of JSON) keeps the overlap ones.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import type { CheckedSource, SourceCheck } from './check-sources.js';

export type LlmConfig = { baseUrl: string; model: string; apiKey?: string };
export type Judged = { checked_with: 'overlap' | 'llm'; checks: SourceCheck[] };

export const JUDGE_SYSTEM =
  'You check whether sentences of an answer are supported by the sources they cite. Reply with JSON only, no prose, in this shape: ' +
  '{"verdicts":[{"index":1,"verdict":"supported","reason":"..."}]}. verdict is "supported" (the cited text states it), ' +
  '"weak" (the cited text only partly backs it) or "unsupported" (the cited text does not back it). reason is one short sentence.';

const reply = z.object({
  verdicts: z.array(z.object({ index: z.number().int(), verdict: z.enum(['supported', 'weak', 'unsupported']), reason: z.string().max(500).optional() })),
});

export function judgePrompt(checks: SourceCheck[], sources: CheckedSource[]) {
  return checks
    .map((c, i) => {
      const cited = c.citations.map((n) => `  [${n}] ${sources[n - 1].name}: ${sources[n - 1].passage ?? sources[n - 1].snippet}`).join('\n');
      return `Sentence ${i + 1}: ${c.sentence}\nCited sources:\n${cited || '  (none)'}`;
    })
    .join('\n\n');
}

/** The first JSON object in the model's text (models like to wrap it in a code fence). */
export function parseVerdicts(text: string, count: number) {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  return verdictsOf(json, count);
}

/** A verdict for each of the `count` sentences, by index, or null when one is missing. */
export function verdictsOf(json: unknown, count: number) {
  const parsed = reply.safeParse(json);
  if (!parsed.success) return null;
  const byIndex = new Map(parsed.data.verdicts.map((v) => [v.index, v]));
  const all = Array.from({ length: count }, (_, i) => byIndex.get(i + 1));
  return all.every((v) => v !== undefined) ? all : null;
}

export async function judgeWithLlm(
  cfg: LlmConfig,
  checks: SourceCheck[],
  sources: CheckedSource[],
  timeoutMs: number,
  log?: (err: unknown) => void,
): Promise<Judged> {
  const overlap: Judged = { checked_with: 'overlap', checks };
  if (checks.length === 0) return overlap;
  try {
    const model = createOpenAICompatible({ name: 'llm', baseURL: cfg.baseUrl, apiKey: cfg.apiKey }).chatModel(cfg.model);
    const asked = await generateText({
      model,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(timeoutMs),
      system: JUDGE_SYSTEM,
      prompt: judgePrompt(checks, sources),
      output: Output.object({ schema: reply, name: 'verdicts' }),
    }).then(
      (r) => ({ text: r.text, structured: structuredOf(r) }),
      (err: unknown) => {
        // Text that is not bare JSON (a code fence around it) is read below, not refused.
        if (NoObjectGeneratedError.isInstance(err)) return { text: err.text ?? '', structured: undefined };
        throw err;
      },
    );
    const verdicts = (asked.structured !== undefined ? verdictsOf(asked.structured, checks.length) : null) ?? parseVerdicts(asked.text, checks.length);
    if (!verdicts) {
      log?.(new Error('the judge answered without a verdict for every sentence'));
      return overlap;
    }
    return {
      checked_with: 'llm',
      checks: checks.map((c, i) => {
        const reason = verdicts[i].reason?.trim();
        return { ...c, verdict: verdicts[i].verdict, ...(reason ? { reason } : {}) };
      }),
    };
  } catch (err) {
    log?.(err);
    return overlap;
  }
}

/** The structured output, or undefined when the text did not parse as one (read as text then). */
function structuredOf(r: { output: unknown }): unknown {
  try {
    return r.output;
  } catch {
    return undefined;
  }
}
