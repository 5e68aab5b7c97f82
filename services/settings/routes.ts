// The person's own settings over HTTP. Every call is about the caller: nobody can name another
// person, so each person's settings are theirs alone; a visitor is asked to sign in.
import type { DomainRoutes } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import type { KernelContext } from '../shared/context.js';
import { mayChooseModel } from '../shared/model-selection.js';
import {
  decideAddSiteInstruction,
  decideDefaultModel,
  decideEditSiteInstruction,
  decidePersonalization,
  decidePreferences,
  decideRemoveSiteInstruction,
} from './decide.js';
import { settingsErrors } from './errors.js';
import { SITE_INSTRUCTIONS_MAX_COUNT, SITE_INSTRUCTIONS_MAX_LENGTH } from './limits.js';
import { perksOf } from './perks.js';
import { decideMeetingDefaults } from './meeting-defaults.js';
import { meetingDefaultsOf, settingsOf, siteInstructionsOf } from './queries.js';
import { normaliseSiteDomain } from './site-domain.js';
import { changeOwnSettings } from './use-cases.js';
import { assistantView, personalizationView, preferencesView } from './views.js';

const signedIn = signedInOr(settingsErrors.unauthenticated);

async function siteView(ctx: KernelContext, userId: string, domain: string) {
  const item = (await siteInstructionsOf(ctx.db, userId)).find((s) => s.domain === domain);
  if (!item) throw settingsErrors.siteInstructionNotFound();
  return item;
}

export const accountSettingsRoutes = {
  async getMeetingDefaults({ actor }, ctx) {
    return { status: 200, body: await meetingDefaultsOf(ctx.db, await signedIn(actor)) };
  },

  async updateMeetingDefaults({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnSettings(ctx, actor, (s, who) => decideMeetingDefaults(s, { ...who, defaults: body }));
    return { status: 200, body: await meetingDefaultsOf(ctx.db, userId) };
  },

  async getAccountPreferences({ actor }, ctx) {
    return { status: 200, body: preferencesView(await settingsOf(ctx.db, await signedIn(actor))) };
  },

  async updateAccountPreferences({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnSettings(ctx, actor, (s, who) => decidePreferences(s, { ...who, preferences: body }));
    return { status: 200, body: preferencesView(await settingsOf(ctx.db, userId)) };
  },

  async getAccountPersonalization({ actor }, ctx) {
    return { status: 200, body: personalizationView(await settingsOf(ctx.db, await signedIn(actor))) };
  },

  async updateAccountPersonalization({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnSettings(ctx, actor, (s, who) => decidePersonalization(s, { ...who, personalization: body }));
    return { status: 200, body: personalizationView(await settingsOf(ctx.db, userId)) };
  },

  async getAssistantSettings({ actor }, ctx) {
    const userId = await signedIn(actor);
    return { status: 200, body: assistantView(await settingsOf(ctx.db, userId), ctx.config.answerModels, await mayChooseModel(actor)) };
  },

  async updateAssistantSettings({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    const configured = ctx.config.answerModels.map((m) => m.id);
    const mayChoose = await mayChooseModel(actor);
    await changeOwnSettings(ctx, actor, (s, who) => decideDefaultModel(s, { ...who, model: body.default_model, configured, mayChoose }));
    return { status: 200, body: assistantView(await settingsOf(ctx.db, userId), ctx.config.answerModels, mayChoose) };
  },

  async listSiteInstructions({ actor }, ctx) {
    const items = await siteInstructionsOf(ctx.db, await signedIn(actor));
    return { status: 200, body: { items, max_count: SITE_INSTRUCTIONS_MAX_COUNT, max_length: SITE_INSTRUCTIONS_MAX_LENGTH } };
  },

  async addSiteInstruction({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    const [saved] = await changeOwnSettings(ctx, actor, (s, who) => decideAddSiteInstruction(s, { ...who, ...body }));
    return { status: 201, body: await siteView(ctx, userId, saved.data.domain) };
  },

  async updateSiteInstruction({ actor, body, path }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnSettings(ctx, actor, (s, who) => decideEditSiteInstruction(s, { ...who, domain: path.domain, instructions: body.instructions }));
    return { status: 200, body: await siteView(ctx, userId, normaliseSiteDomain(path.domain) ?? path.domain) };
  },

  async deleteSiteInstruction({ actor, path }, ctx) {
    await changeOwnSettings(ctx, actor, (s, who) => decideRemoveSiteInstruction(s, { ...who, domain: path.domain }));
    return { status: 204 };
  },

  async getProPerks({ actor }, ctx) {
    await signedIn(actor);
    const plan = await actor.plan();
    const perks = perksOf(plan, ctx.config);
    return { status: 200, body: { plan, perks, pro_perks: plan === 'pro' ? perks : perksOf('pro', ctx.config) } };
  },
} satisfies DomainRoutes<KernelContext>;
