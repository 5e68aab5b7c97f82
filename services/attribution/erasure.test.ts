import { describe, expect, test } from 'vitest';
import { attributionRedactors } from './erasure.js';

const person = { userId: 'u1', emails: ['ada@example.com'], names: ['Ada'], streams: new Set<string>() };

describe('erasing a person from attribution', () => {
  test("their lead's click id and promotion, and what their browser reported, are blanked; others' are left", () => {
    const lead = { user_id: 'u1', event_name: 'Sign Up', is_deferred: false, click_id: 'clk', promotion: 'SPRING', outcome: 'sent', recorded_at: 't' };
    expect(attributionRedactors.DubLeadRecorded({ streamId: 'attribution-user-u1', data: lead }, person)).toEqual({ ...lead, click_id: '', promotion: '' });
    expect(attributionRedactors.DubLeadRecorded({ streamId: 'attribution-user-u2', data: lead }, person)).toBeUndefined();
    const event = { user_id: 'u1', visitor_id: 'v', event_name: 'x', properties: { a: 1 }, recorded_at: 't' };
    expect(attributionRedactors.CometEventRecorded({ streamId: 'attribution-user-u1', data: event }, person)).toEqual({ ...event, properties: {} });
  });
});
