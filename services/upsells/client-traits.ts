// Where a visitor comes from, as far as the upsell rules care (seed 002 §4: "Upsell is hidden
// for Samsung browser, Windows app, the assistant browser, Firefox default search, partnership
// campaign and government-origin visitors"). Read from what the request says: its User-Agent,
// its cookies and the visit's first-page query the web client passes on. The tokens are this
// server's convention, documented in spec/paths/upsells.yaml and the README.
import type { RequestHeaders } from '../shared/actor.js';

export type ClientTraits = {
  samsungBrowser: boolean;
  windowsApp: boolean;
  assistantBrowser: boolean;
  firefoxDefaultSearch: boolean;
  partnershipCampaign: boolean;
};

export type VisitQuery = { visit_source?: string; visit_campaign?: string };

const header = (headers: RequestHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v.join('; ') : (v ?? '');
};

/** The cookie names present and their values (the first of a repeated name). */
function cookiesOf(headers: RequestHeaders): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of header(headers, 'cookie').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!jar.has(name)) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}

export function clientTraits(headers: RequestHeaders, visit: VisitQuery): ClientTraits {
  const ua = header(headers, 'user-agent');
  const cookies = cookiesOf(headers);
  const firefox = /\bFirefox\//.test(ua) && !/\bSeaMonkey\//.test(ua);
  return {
    samsungBrowser: /\bSamsungBrowser\//.test(ua),
    windowsApp: /\bAnswerEngineWindows\//.test(ua) || cookies.get('app_platform') === 'windows',
    assistantBrowser: /\bComet\//.test(ua),
    firefoxDefaultSearch: firefox && visit.visit_source === 'firefox_default_search',
    partnershipCampaign: visit.visit_campaign === 'partnership' || cookies.has('partnership_campaign'),
  };
}

export const hidesUpsells = (t: ClientTraits) => t.samsungBrowser || t.windowsApp || t.assistantBrowser || t.firefoxDefaultSearch || t.partnershipCampaign;
