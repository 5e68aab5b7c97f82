import { describe, expect, test } from 'vitest';
import { browserRedactors } from './erasure.js';

const person = { userId: 'u1', emails: ['ada@example.com'], names: ['Ada'], streams: new Set<string>() };

describe('erasing a person from download mails', () => {
  test('a download mail to one of their addresses loses the address', () => {
    const mail = { mail_id: 'm', to: 'Ada@Example.com', user_id: null, partner_code: null, incentive: null, requested_at: 't' };
    expect(browserRedactors.BrowserDownloadMailRequested({ streamId: 's', data: mail }, person)).toEqual({ ...mail, to: '' });
    expect(browserRedactors.BrowserDownloadMailRequested({ streamId: 's', data: { ...mail, to: 'bo@example.com' } }, person)).toBeUndefined();
  });
});
