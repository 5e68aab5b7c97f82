// Issue 18's budget: memories add at most 10 ms p95 to the first byte of an answer. Two people
// with the same 200 memories ask the same questions, one after the other in the same run: one
// with memories on (their relevant memories and earlier questions become sources), one with memories off (the
// baseline). The time to the `sources` event is shown too: that is where the lookup happens.
import { signedUp } from '../support/people.js';
import { percentile, runAsks } from './answers-client.js';
import { withBenchServer } from './bench-server.js';
import { fmt, note, signed, verdict, type Row } from './util.js';

const MEMORIES = 200;
const ROUNDS = 60;
const TOPICS = ['vegetarian', 'cycling', 'Lyon', 'piano', 'physics', 'gardening', 'sailing', 'chess', 'coffee', 'Python'];

export async function benchMemories(): Promise<Row[]> {
  return withBenchServer('memories', { poolSize: 4 }, async ({ server }) => {
    const on = await signedUp(server.url, 'Bench Memories On');
    const off = await signedUp(server.url, 'Bench Memories Off');
    for (const who of [on, off])
      for (let i = 0; i < MEMORIES; i++) {
        const r = await who.post('/rest/memories/add', { content: `My interest number ${i} is ${TOPICS[i % TOPICS.length]} and item ${i}` });
        if (r.status !== 201) throw new Error(`adding a memory answered ${r.status}`);
      }
    await off.send('PUT', '/rest/memories/settings', { json: { enabled: false } });
    const questions = Array.from({ length: ROUNDS }, (_, i) => `How do I get better at ${TOPICS[i % TOPICS.length]}?`);
    const first: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const sources: Record<'on' | 'off', number[]> = { on: [], off: [] };
    // Interleaved, one at a time, so both sides see the same machine.
    for (const q of questions)
      for (const [side, who] of [
        ['on', on],
        ['off', off],
      ] as const) {
        const { timings, errors } = await runAsks(server.url, who.cookieHeader(), [q], 1);
        if (errors.length) throw new Error(errors[0]);
        first[side].push(timings[0].first);
        sources[side].push(timings[0].sources);
      }
    const p95 = (xs: number[]) => percentile(xs, 95);
    const delta = p95(first.on) - p95(first.off);
    note(
      `memories: p95 first byte on ${fmt(p95(first.on), 1)} ms, off ${fmt(p95(first.off), 1)} ms; p95 sources on ${fmt(p95(sources.on), 1)} ms, off ${fmt(p95(sources.off), 1)} ms`,
    );
    const label = `memories, ${ROUNDS} questions each, ${MEMORIES} memories, on vs off`;
    return [
      {
        bench: label,
        metric: 'p95 first byte (ms)',
        measured: fmt(p95(first.on), 1),
        baseline: fmt(p95(first.off), 1),
        ratio: `${signed(delta, 1)} ms`,
        budget: '+10 ms',
        verdict: verdict(delta <= 10),
      },
      {
        bench: label,
        metric: 'p95 sources event (ms)',
        measured: fmt(p95(sources.on), 1),
        baseline: fmt(p95(sources.off), 1),
        ratio: `${signed(p95(sources.on) - p95(sources.off), 1)} ms`,
        budget: '',
        verdict: '',
      },
    ];
  });
}
