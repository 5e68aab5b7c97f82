// The LLM fake's script for Research reports (issue 33): the planner gets two sections, the
// reviewer one more search, and the writer of each section quotes the first sentence of one of the
// numbered sources it was given, cited by its number. `slow` (a question containing it) makes each
// section take `slowMs`, so a test can stop or kill a report while it writes.
import type { LlmRequest, LlmScript } from '../fakes/llm.js';

export const RESEARCH_SECTIONS = ['Why water boils cooler up high', 'Cooking at altitude'];

const systemOf = (r: LlmRequest) => r.messages.find((m) => m.role === 'system')?.content ?? '';
const userOf = (r: LlmRequest) => r.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

/** The numbered sources of a writer's prompt: [n] title (url) and the quoted text. */
export function promptSources(prompt: string) {
  return [...prompt.matchAll(/^\[(\d+)\] [^\n]*\n"""\n([\s\S]*?)\n"""/gm)].map((m) => ({ n: Number(m[1]), content: m[2] }));
}

export const firstSentence = (text: string) => (/^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim()).replace(/\s+/g, ' ');

export function researchScript(opts: { slowMs?: number } = {}): LlmScript['respond'] {
  return async (request) => {
    const system = systemOf(request);
    const prompt = userOf(request);
    if (system.includes('research planner'))
      return JSON.stringify({
        sections: [
          { title: RESEARCH_SECTIONS[0], searches: ['boiling point of water at altitude'] },
          { title: RESEARCH_SECTIONS[1], searches: ['pressure cooking at altitude', 'boiling point of water at altitude'] },
        ],
      });
    if (system.includes('research reviewer')) return JSON.stringify({ searches: ['everest expedition cooking'] });
    if (system.includes('research writer')) {
      if (opts.slowMs && prompt.includes('slow')) await new Promise((r) => setTimeout(r, opts.slowMs));
      const sources = promptSources(prompt);
      const which = RESEARCH_SECTIONS.findIndex((t) => prompt.endsWith(`Write the section: ${t}`));
      const source = sources[Math.max(0, which) % Math.max(1, sources.length)];
      return source ? `${firstSentence(source.content)} [${source.n}]` : 'The sources do not cover this.';
    }
    return undefined;
  };
}
