// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { withMockServer } from '../../testing/mock-server';
import { dubClickId, reportSignUpLead } from './report-lead';

withMockServer('signed-in');

describe("a sign-up's Dub lead", () => {
  it('reads the click id from the dub_id cookie, ignoring anything malformed', () => {
    expect(dubClickId('a=1; dub_id=clk_123; b=2')).toBe('clk_123');
    expect(dubClickId('a=1')).toBeNull();
    expect(dubClickId('dub_id=%3Cscript%3E')).toBeNull();
  });

  it('is not reported without a click to attribute it to', async () => {
    expect(await reportSignUpLead(DEMO_ACCOUNT.id, 'a=1')).toBe(false);
  });

  it("answers the server's success (false without Dub), and a failure is only logged as false", async () => {
    expect(await reportSignUpLead(DEMO_ACCOUNT.id, 'dub_id=clk_1')).toBe(false);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await reportSignUpLead('someone-else', 'dub_id=clk_1')).toBe(false);
    expect(logged).toHaveBeenCalledWith('Dub lead failed', expect.anything());
    logged.mockRestore();
  });
});
