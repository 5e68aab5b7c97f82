import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { ThreadDeleted } from '../threads/index.js';
import type { ResearchEvent } from './events.js';
import { own } from './tables.js';

/**
 * `research_reports`: one row per report (status, step count, sections); `research_steps`: the
 * steps it did. A deleted thread's reports, and an erased account's, go with them.
 */
export const researchProjection: Projection = {
  name: 'research',
  tables: ['research_reports', 'research_steps'],
  handles: ['ResearchStarted', 'ResearchPlanned', 'ResearchStepDone', 'ResearchEnded', 'AccountErased', 'ThreadDeleted'],
  async apply(trx, event) {
    if (event.type === 'AccountErased' || event.type === 'ThreadDeleted') {
      const reports = own(trx).selectFrom('research_reports').select('backend_uuid');
      const gone =
        event.type === 'AccountErased'
          ? reports.where('user_id', '=', (event.data as AccountErased['data']).user_id)
          : reports.where('context_uuid', '=', (event.data as ThreadDeleted['data']).context_uuid);
      await own(trx).deleteFrom('research_steps').where('backend_uuid', 'in', gone).execute();
      await own(trx).deleteFrom('research_reports').where('backend_uuid', 'in', gone).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as ResearchEvent;
    if (e.type === 'ResearchStarted') {
      const d = e.data;
      await own(trx)
        .insertInto('research_reports')
        .values({
          backend_uuid: d.backend_uuid,
          context_uuid: d.context_uuid,
          user_id: d.user_id,
          status: 'running',
          step_count: d.step_count,
          sections: [],
          started_at: d.started_at,
        })
        .onConflict((oc) => oc.column('backend_uuid').doNothing())
        .execute();
    } else if (e.type === 'ResearchPlanned') {
      await own(trx)
        .updateTable('research_reports')
        .set({ sections: e.data.sections, step_count: e.data.step_count })
        .where('backend_uuid', '=', e.data.backend_uuid)
        .execute();
    } else if (e.type === 'ResearchStepDone') {
      const d = e.data;
      // A step that ends after its thread was deleted leaves nothing behind.
      const report = await own(trx).selectFrom('research_reports').select('backend_uuid').where('backend_uuid', '=', d.backend_uuid).executeTakeFirst();
      if (!report) return;
      await own(trx)
        .insertInto('research_steps')
        .values({ backend_uuid: d.backend_uuid, number: d.number, kind: d.kind, text: d.text, at: d.at })
        .onConflict((oc) => oc.columns(['backend_uuid', 'number']).doNothing())
        .execute();
    } else if (e.type === 'ResearchEnded') {
      await own(trx)
        .updateTable('research_reports')
        .set({ status: e.data.status, ended_at: e.data.at })
        .where('backend_uuid', '=', e.data.backend_uuid)
        .execute();
    }
  },
};
