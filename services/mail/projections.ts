import type { Projection, StoredEvent, Trx } from '../eventstore/types.js';
import type { MailDelivered, MailDiscarded, MailQueued } from './events.js';
import { own } from './tables.js';

export const mailOutboxProjection: Projection = {
  name: 'mail_outbox',
  tables: ['mail_outbox'],
  handles: ['MailQueued', 'MailDelivered', 'MailDiscarded'],
  apply,
  // A mail kept in the outbox at once (queued and delivered in one append) is one insert.
  async applyAll(trx, events) {
    for (let i = 0; i < events.length; i++) {
      const [event, next] = [events[i], events[i + 1]];
      if (event.type === 'MailQueued' && next?.type === 'MailDelivered' && next.streamId === event.streamId) {
        await insertQueued(trx, event.data as MailQueued['data'], next.data as MailDelivered['data']);
        i++;
      } else await apply(trx, event);
    }
  },
};

function insertQueued(trx: Trx, d: MailQueued['data'], delivered?: MailDelivered['data']) {
  return own(trx)
    .insertInto('mail_outbox')
    .values({
      id: d.mail_id,
      user_id: d.user_id,
      to: d.to,
      subject: d.subject,
      text: d.text,
      status: delivered ? 'delivered' : 'queued',
      via: delivered?.via ?? null,
      queued_at: d.queued_at,
      delivered_at: delivered?.delivered_at ?? null,
    })
    .execute();
}

async function apply(trx: Trx, event: StoredEvent) {
  if (event.type === 'MailQueued') {
    await insertQueued(trx, event.data as MailQueued['data']);
  } else if (event.type === 'MailDiscarded') {
    await own(trx)
      .deleteFrom('mail_outbox')
      .where('id', '=', (event.data as MailDiscarded['data']).mail_id)
      .execute();
  } else {
    const d = event.data as MailDelivered['data'];
    await own(trx).updateTable('mail_outbox').set({ status: 'delivered', via: d.via, delivered_at: d.delivered_at }).where('id', '=', d.mail_id).execute();
  }
}
