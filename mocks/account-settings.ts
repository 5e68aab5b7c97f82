// The person's own settings in the mock API: the server's rules (services/settings/decide.ts)
// over each account's settings state, kept in the scenario, so the answers, codes and texts are
// the server's. Models are the offline model alone, as a server without LLM_* configured.
import {
  getAddSiteInstructionMockHandler,
  getDeleteSiteInstructionMockHandler,
  getGetAccountPersonalizationMockHandler,
  getGetAccountPreferencesMockHandler,
  getGetAssistantSettingsMockHandler,
  getGetMeetingDefaultsMockHandler,
  getGetProPerksMockHandler,
  getListSiteInstructionsMockHandler,
  getUpdateAccountPersonalizationMockHandler,
  getUpdateAccountPreferencesMockHandler,
  getUpdateAssistantSettingsMockHandler,
  getUpdateMeetingDefaultsMockHandler,
  getUpdateSiteInstructionMockHandler,
} from '../generated/msw/account-settings/account-settings.msw';
import type {
  AccountPersonalization,
  AccountPreferences,
  AddSiteInstructionBody,
  MeetingDefaults,
  UpdateAssistantSettingsBody,
  UpdateSiteInstructionBody,
} from '../generated/react-query/model';
import {
  assistantView,
  decideAddSiteInstruction,
  decideDefaultModel,
  decideMeetingDefaults,
  decideEditSiteInstruction,
  decidePersonalization,
  decidePreferences,
  decideRemoveSiteInstruction,
  normaliseSiteDomain,
  perksOf,
  settingsErrors,
  SITE_INSTRUCTIONS_MAX_COUNT,
  SITE_INSTRUCTIONS_MAX_LENGTH,
} from '../services/settings/pure';
import {
  type AccountSettingsEvent,
  type AccountSettingsState,
  DEFAULT_MEETING_DEFAULTS,
  evolveAccountSettings,
  initialAccountSettings,
} from '../services/settings/events';
import { OFFLINE_MODEL, OFFLINE_MODEL_NAME } from '../services/shared/answer-models';
import { planOf } from '../services/shared/plans';
import { MOCK_FILE_LIMITS } from './files';
import { refuse, ruled } from './problem';
import { currentUser, type MockAccountSettings, type ScenarioState } from './scenarios';

export const MOCK_MODELS = [{ id: OFFLINE_MODEL, name: OFFLINE_MODEL_NAME }];

export function accountSettingsHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(settingsErrors.unauthenticated());
    return user;
  };
  const settingsOf = (userId: string): MockAccountSettings => {
    const all = (opts.state().accountSettings ??= {});
    return (all[userId] ??= { ...initialAccountSettings, siteTimes: {} });
  };
  /** Decides as the server does and folds the events into the account's settings. */
  const change = (decide: (s: AccountSettingsState, who: { userId: string; now: Date }) => AccountSettingsEvent[]) => {
    const user = signedIn();
    const now = new Date();
    const current = settingsOf(user.id);
    const events = ruled(() => decide(current, { userId: user.id, now }));
    const next = events.reduce((s, e) => evolveAccountSettings(s, e), current as AccountSettingsState);
    const siteTimes = { ...current.siteTimes };
    for (const e of events) if (e.type === 'SiteInstructionSaved') siteTimes[e.data.domain] = e.data.saved_at;
    opts.state().accountSettings![user.id] = { ...next, siteTimes };
    if (events.length) opts.changed();
    return { settings: opts.state().accountSettings![user.id], events };
  };
  const row = (s: AccountSettingsState) => ({ ...s.preferences, ...s.personalization, default_model: s.defaultModel });
  const site = (s: MockAccountSettings, domain: string) => ({
    domain,
    instructions: s.sites[domain],
    updated_at: s.siteTimes[domain] ?? new Date(0).toISOString(),
  });

  return [
    getGetAccountPreferencesMockHandler(() => settingsOf(signedIn().id).preferences as AccountPreferences),
    getUpdateAccountPreferencesMockHandler(async ({ request }) => {
      const body = (await request.json()) as AccountPreferences;
      return change((s, who) => decidePreferences(s, { ...who, preferences: body })).settings.preferences as AccountPreferences;
    }),
    getGetAccountPersonalizationMockHandler(() => settingsOf(signedIn().id).personalization),
    getUpdateAccountPersonalizationMockHandler(async ({ request }) => {
      const body = (await request.json()) as AccountPersonalization;
      return change((s, who) => decidePersonalization(s, { ...who, personalization: body })).settings.personalization;
    }),
    getGetAssistantSettingsMockHandler(() => {
      const user = signedIn();
      return assistantView(row(settingsOf(user.id)), MOCK_MODELS, user.capabilities.maxModelSelection);
    }),
    getUpdateAssistantSettingsMockHandler(async ({ request }) => {
      const body = (await request.json()) as UpdateAssistantSettingsBody;
      const configured = MOCK_MODELS.map((m) => m.id);
      const mayChoose = signedIn().capabilities.maxModelSelection;
      return assistantView(
        row(change((s, who) => decideDefaultModel(s, { ...who, model: body.default_model, configured, mayChoose })).settings),
        MOCK_MODELS,
        mayChoose,
      );
    }),
    // A scenario saved before meeting defaults were the server's has none: the defaults then.
    getGetMeetingDefaultsMockHandler(() => (settingsOf(signedIn().id).meetingDefaults ?? DEFAULT_MEETING_DEFAULTS) as MeetingDefaults),
    getUpdateMeetingDefaultsMockHandler(async ({ request }) => {
      const body = (await request.json()) as MeetingDefaults;
      return change((s, who) => decideMeetingDefaults({ ...s, meetingDefaults: s.meetingDefaults ?? DEFAULT_MEETING_DEFAULTS }, { ...who, defaults: body }))
        .settings.meetingDefaults as MeetingDefaults;
    }),
    getListSiteInstructionsMockHandler(() => {
      const s = settingsOf(signedIn().id);
      return {
        items: Object.keys(s.sites)
          .sort()
          .map((d) => site(s, d)),
        max_count: SITE_INSTRUCTIONS_MAX_COUNT,
        max_length: SITE_INSTRUCTIONS_MAX_LENGTH,
      };
    }),
    getAddSiteInstructionMockHandler(async ({ request }) => {
      const body = (await request.json()) as AddSiteInstructionBody;
      const { settings } = change((s, who) => decideAddSiteInstruction(s, { ...who, ...body }));
      return site(settings, normaliseSiteDomain(body.domain) ?? body.domain);
    }),
    getUpdateSiteInstructionMockHandler(async ({ request, params }) => {
      const body = (await request.json()) as UpdateSiteInstructionBody;
      const domain = decodeURIComponent(String(params.domain));
      const { settings } = change((s, who) => decideEditSiteInstruction(s, { ...who, domain, instructions: body.instructions }));
      return site(settings, normaliseSiteDomain(domain) ?? domain);
    }),
    getDeleteSiteInstructionMockHandler(({ params }) => {
      const domain = decodeURIComponent(String(params.domain));
      change((s, who) => decideRemoveSiteInstruction(s, { ...who, domain }));
    }),
    getGetProPerksMockHandler(() => {
      const user = signedIn();
      const plan = planOf(user);
      const cfg = { fileLimits: MOCK_FILE_LIMITS, proPerks: [] };
      const perks = perksOf(plan, cfg);
      return { plan, perks, pro_perks: plan === 'pro' ? perks : perksOf('pro', cfg) };
    }),
  ];
}
