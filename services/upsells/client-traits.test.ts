import { describe, expect, test } from 'vitest';
import { clientTraits, hidesUpsells } from './client-traits.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('where a visitor comes from', () => {
  test('a plain browser hides nothing', () => {
    expect(hidesUpsells(clientTraits({ 'user-agent': CHROME, cookie: 'visitor_id=abc' }, {}))).toBe(false);
  });
  test.each([
    ['samsungBrowser', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121' }, {}],
    ['windowsApp', { 'user-agent': `${CHROME} AnswerEngineWindows/1.0` }, {}],
    ['windowsApp', { cookie: 'a=1; app_platform=windows' }, {}],
    ['assistantBrowser', { 'user-agent': `${CHROME} Comet/1.0` }, {}],
    ['firefoxDefaultSearch', { 'user-agent': FIREFOX }, { visit_source: 'firefox_default_search' }],
    ['partnershipCampaign', {}, { visit_campaign: 'partnership' }],
    ['partnershipCampaign', { cookie: 'partnership_campaign=acme' }, {}],
  ] as const)('%s from %o %o', (trait, headers, visit) => {
    const t = clientTraits(headers, visit);
    expect(t[trait]).toBe(true);
    expect(hidesUpsells(t)).toBe(true);
  });
  test('Firefox default search needs Firefox; the Windows cookie needs its value', () => {
    expect(clientTraits({ 'user-agent': CHROME }, { visit_source: 'firefox_default_search' }).firefoxDefaultSearch).toBe(false);
    expect(clientTraits({ 'user-agent': FIREFOX }, {}).firefoxDefaultSearch).toBe(false);
    expect(clientTraits({ cookie: 'app_platform=mac' }, {}).windowsApp).toBe(false);
  });
});
