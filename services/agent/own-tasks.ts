// The person's own agent tasks: each use case asks the Actor who acts (a visitor is asked to sign
// in), decides on the task's stream and tells the task's loop. Another person's task is not
// found, as an unknown one is not.
import type { Actor } from '../shared/actor.js';
import type { AgentContext } from './context.js';
import { type StartInput, decideConfirm, decidePause, decideResume, decideStart, decideStop } from './decide.js';
import { agentErrors } from './errors.js';
import type { AgentTaskState } from './events.js';
import { AGENT_TOKEN_TTL_MS } from './limits.js';
import { agentScreenshotOf, agentStepsOf, agentTaskOf } from './queries.js';
import { signAgentToken } from './token.js';
import { changeAgentTask } from './use-cases.js';
import { agentTaskView } from './views.js';

/** The signed-in caller's id; a visitor is asked to sign in. */
export async function agentOwner(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw agentErrors.unauthenticated();
  return userId;
}

/** A token for the caller's browser extension, good for AGENT_TOKEN_TTL_MS. */
export async function createAgentToken(ctx: AgentContext, actor: Actor) {
  const userId = await agentOwner(actor);
  const expiresAt = new Date(ctx.now().getTime() + AGENT_TOKEN_TTL_MS);
  return { token: signAgentToken(ctx.agentTokenSecret, userId, expiresAt), expires_at: expiresAt.toISOString() };
}

export async function ownAgentTask(ctx: AgentContext, actor: Actor, taskUuid: string) {
  const userId = await agentOwner(actor);
  const row = await agentTaskOf(ctx.db, userId, taskUuid);
  if (!row) throw agentErrors.notFound();
  return agentTaskView(row, await agentStepsOf(ctx.db, taskUuid));
}

/** The image a step of the caller's own task kept: another person's task is not found, as an unknown one is not. */
export async function ownAgentScreenshot(ctx: AgentContext, actor: Actor, taskUuid: string, step: number) {
  const userId = await agentOwner(actor);
  const shot = await agentScreenshotOf(ctx.db, userId, taskUuid, step);
  if (shot) return { body: Buffer.from(shot.data, 'base64'), contentType: shot.media_type };
  if (!(await agentTaskOf(ctx.db, userId, taskUuid))) throw agentErrors.notFound();
  throw agentErrors.screenshotNotFound();
}

/**
 * A task the extension started: recorded, then its loop started (a reconnect of the same task
 * starts nothing new). `admitted` runs once the task's stream has said the task is the caller's
 * and before its loop can send anything: the socket joins the task's room there, never before,
 * so a person starting another's task id never sees one of its requests.
 */
export async function startAgentTask(ctx: AgentContext, actor: Actor, input: StartInput, admitted: () => Promise<void>) {
  const userId = await agentOwner(actor);
  const { events } = await changeAgentTask(ctx.store, input.taskUuid, (s) => decideStart(s, { userId, now: ctx.now(), ...input }));
  await admitted();
  await ctx.agentRuns.start(input.taskUuid);
  return { started: events.length > 0 };
}

async function controlled(ctx: AgentContext, actor: Actor, taskUuid: string, decide: (s: AgentTaskState, userId: string) => { type: string; data: unknown }[]) {
  const userId = await agentOwner(actor);
  const { events } = await changeAgentTask(ctx.store, taskUuid, (s) => decide(s, userId));
  if (events.length) await ctx.agentRuns.signal(taskUuid, { kind: 'changed' });
  return ownAgentTask(ctx, actor, taskUuid);
}

export const pauseAgentTask = (ctx: AgentContext, actor: Actor, taskUuid: string) =>
  controlled(ctx, actor, taskUuid, (s, userId) => decidePause(s, { userId, now: ctx.now(), taskUuid }));

export const resumeAgentTask = (ctx: AgentContext, actor: Actor, taskUuid: string) =>
  controlled(ctx, actor, taskUuid, (s, userId) => decideResume(s, { userId, now: ctx.now(), taskUuid }));

export const stopAgentTask = (ctx: AgentContext, actor: Actor, taskUuid: string) =>
  controlled(ctx, actor, taskUuid, (s, userId) => decideStop(s, { userId, now: ctx.now(), taskUuid }));

export const confirmAgentAction = (ctx: AgentContext, actor: Actor, taskUuid: string, answer: { step: number; approved: boolean }) =>
  controlled(ctx, actor, taskUuid, (s, userId) => decideConfirm(s, { userId, now: ctx.now(), taskUuid, ...answer }));

/** Whether the task is the caller's: the socket checks this before it takes a reply or a control for it. */
export async function isOwnAgentTask(ctx: AgentContext, userId: string, taskUuid: string) {
  return !!(await agentTaskOf(ctx.db, userId, taskUuid));
}
