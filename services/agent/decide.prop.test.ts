// For any sequence of the person's controls and the loop's records, an agent task keeps its
// promises: once ended it never changes again; a step is recorded once, in order; an action
// waits for at most one answer, and only the step that waits is answered.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideAskConfirmation, decideComplete, decideConfirm, decideFail, decidePause, decideResume, decideStep, decideStop } from './decide.js';
import { type AgentEvent, type AgentTaskState, evolveAgentTask, FINISHED } from './events.js';

const T = 't';
const now = new Date(0);
const startedState = evolveAgentTask(
  { task: null },
  { type: 'AgentTaskStarted', data: { task_uuid: T, owner_id: 'ada', task: 'x', url: 'https://a.example', extension_version: '1', started_at: '' } },
);
const who = fc.constantFrom('ada', 'bo');
const n = fc.integer({ min: 0, max: 6 });
const cmd = fc.oneof(
  fc.record({ op: fc.constantFrom('pause' as const, 'resume' as const, 'stop' as const), who }),
  fc.record({ op: fc.constant('confirm' as const), who, step: n, approved: fc.boolean() }),
  fc.record({ op: fc.constant('step' as const), step: n, failed: fc.boolean() }),
  fc.record({ op: fc.constant('ask' as const), step: n }),
  fc.record({ op: fc.constantFrom('complete' as const, 'fail' as const) }),
);

test('an ended task never changes; steps are recorded once and in order; only the waiting step is answered', () => {
  fc.assert(
    fc.property(fc.array(cmd, { maxLength: 40 }), (cmds) => {
      let s: AgentTaskState = startedState;
      let recorded = -1;
      for (const c of cmds) {
        let events: AgentEvent[] = [];
        const before = s.task!;
        try {
          if (c.op === 'pause') events = decidePause(s, { userId: c.who, now, taskUuid: T });
          else if (c.op === 'resume') events = decideResume(s, { userId: c.who, now, taskUuid: T });
          else if (c.op === 'stop') events = decideStop(s, { userId: c.who, now, taskUuid: T });
          else if (c.op === 'confirm') events = decideConfirm(s, { userId: c.who, now, taskUuid: T, step: c.step, approved: c.approved });
          else if (c.op === 'step') events = decideStep(s, { taskUuid: T, step: c.step, method: 'ReadPage', summary: '', error: c.failed ? 'e' : null, now });
          else if (c.op === 'ask')
            events = decideAskConfirmation(s, { taskUuid: T, step: c.step, method: 'Computer', reason: 'spends_money', description: '', now });
          else if (c.op === 'complete') events = decideComplete(s, { taskUuid: T, summary: '', now });
          else events = decideFail(s, { taskUuid: T, message: '', now });
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
        }
        if (FINISHED.includes(before.status)) expect(events).toEqual([]);
        for (const e of events) {
          if ('who' in c) expect(c.who).toBe('ada');
          if (e.type === 'AgentStepRecorded') {
            expect(e.data.step).toBeGreaterThan(recorded);
            recorded = e.data.step;
          }
          if (e.type === 'AgentActionConfirmed') expect(before.pending?.step).toBe(e.data.step);
          s = evolveAgentTask(s, e);
        }
        const t = s.task!;
        expect(t.status === 'awaiting_confirmation').toBe(t.pending !== null && t.status !== 'paused' && !FINISHED.includes(t.status));
      }
    }),
  );
});
