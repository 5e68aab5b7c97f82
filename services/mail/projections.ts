import type { Projection } from '../eventstore/types.js';
import type { MailDelivered, MailDiscarded, MailQueued } from './events.js';

export const mailOutboxProjection: Projection = {
  name: 'mail_outbox',
  tables: ['mail_outbox'],
  handles: ['MailQueued', 'MailDelivered', 'MailDiscarded'],
  async apply(trx, event) {
    if (event.type === 'MailQueued') {
      const d = event.data as MailQueued['data'];
      await trx
        .insertInto('mail_outbox')
        .values({
          id: d.mail_id,
          user_id: d.user_id,
          to: d.to,
          subject: d.subject,
          text: d.text,
          status: 'queued',
          via: null,
          queued_at: d.queued_at,
          delivered_at: null,
        })
        .execute();
    } else if (event.type === 'MailDiscarded') {
      await trx
        .deleteFrom('mail_outbox')
        .where('id', '=', (event.data as MailDiscarded['data']).mail_id)
        .execute();
    } else {
      const d = event.data as MailDelivered['data'];
      await trx.updateTable('mail_outbox').set({ status: 'delivered', via: d.via, delivered_at: d.delivered_at }).where('id', '=', d.mail_id).execute();
    }
  },
};
