// Research reports in the log (docs/data-rights.md): the question, the sections planned from it
// and the steps' words (its searches) are the person's.
import type { Redactor, Redactors } from '../eventstore/erasure.js';
import type { ResearchEvent } from './events.js';

type Data<T extends ResearchEvent['type']> = Extract<ResearchEvent, { type: T }>['data'];
const redact =
  <T extends ResearchEvent['type']>(blank: (d: Data<T>) => Data<T>): Redactor =>
  (e, p) =>
    (e.data as { user_id: string }).user_id === p.userId ? blank(e.data as Data<T>) : undefined;

export const researchRedactors: Redactors = {
  ResearchStarted: redact<'ResearchStarted'>((d) => ({ ...d, question: '' })),
  ResearchPlanned: redact<'ResearchPlanned'>((d) => ({ ...d, sections: d.sections.map(() => '') })),
  ResearchStepDone: redact<'ResearchStepDone'>((d) => ({ ...d, text: '' })),
};
