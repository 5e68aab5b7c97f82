// The LLM fake's script for Research reports (issue 33): the planner gets two sections, the
// reviewer one more search, and the writer of each section quotes the first sentence of one of the
// numbered sources it was given, cited by its number. `slow` (a question containing it) makes each
// section take `slowMs`, so a browser test sees the progress; `held` (a question containing it)
// keeps its first section's writer waiting until the test releases `hold`, so a test can stop a
// report while a section is being written, whatever the machine's speed.
import type { LlmRequest, LlmScript } from '../fakes/llm.js';

export const RESEARCH_SECTIONS = ['Why water boils cooler up high', 'Cooking at altitude'];

const systemOf = (r: LlmRequest) => r.messages.find((m) => m.role === 'system')?.content ?? '';
const userOf = (r: LlmRequest) => r.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

/** The numbered sources of a writer's prompt: [n] title (url) and the quoted text. */
export function promptSources(prompt: string) {
  return [...prompt.matchAll(/^\[(\d+)\] [^\n]*\n"""\n([\s\S]*?)\n"""/gm)].map((m) => ({ n: Number(m[1]), content: m[2] }));
}

export const firstSentence = (text: string) => (/^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim()).replace(/\s+/g, ' ');

/** A writer kept waiting: `entered` once the first held section's writer is asked, until `release()`. */
export function writerHold() {
  let enter = () => {};
  let release = () => {};
  const entered = new Promise<void>((r) => {
    enter = r;
  });
  const released = new Promise<void>((r) => {
    release = r;
  });
  let used = false;
  const wait = async () => {
    if (used) return;
    used = true;
    enter();
    await released;
  };
  return { entered, release, wait };
}
export type WriterHold = ReturnType<typeof writerHold>;

export function researchScript(opts: { slowMs?: number; hold?: WriterHold } = {}): LlmScript['respond'] {
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
      if (opts.hold && prompt.includes('held')) await opts.hold.wait();
      const sources = promptSources(prompt);
      const which = RESEARCH_SECTIONS.findIndex((t) => prompt.endsWith(`Write the section: ${t}`));
      const source = sources[Math.max(0, which) % Math.max(1, sources.length)];
      return source ? `${firstSentence(source.content)} [${source.n}]` : 'The sources do not cover this.';
    }
    return undefined;
  };
}
