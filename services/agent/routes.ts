// The agent over HTTP (spec/paths/agent.yaml): the extension's token and the person's control of
// their own tasks. Another person's task answers 404 as an unknown id would; a visitor is asked to sign in.
import type { DomainRoutes } from '../http/handler.js';
import type { AgentContext } from './context.js';
import { confirmAgentAction, createAgentToken, ownAgentScreenshot, ownAgentTask, pauseAgentTask, resumeAgentTask, stopAgentTask } from './own-tasks.js';

export const agentRoutes = {
  async createAgentToken({ actor }, ctx) {
    return { status: 201, body: await createAgentToken(ctx, actor) };
  },
  async getAgentTask({ actor, path }, ctx) {
    return { status: 200, body: await ownAgentTask(ctx, actor, path.task_uuid) };
  },
  async getAgentTaskScreenshot({ actor, path }, ctx) {
    const { body, contentType } = await ownAgentScreenshot(ctx, actor, path.task_uuid, path.step);
    return {
      file: { body, contentType, filename: `agent-step-${path.step}`, inline: true, size: body.length },
      // The person's own tabs: never kept by a shared cache; a kept screenshot never changes.
      headers: { 'cache-control': 'private, max-age=86400' },
    };
  },
  async pauseAgentTask({ actor, path }, ctx) {
    return { status: 200, body: await pauseAgentTask(ctx, actor, path.task_uuid) };
  },
  async resumeAgentTask({ actor, path }, ctx) {
    return { status: 200, body: await resumeAgentTask(ctx, actor, path.task_uuid) };
  },
  async stopAgentTask({ actor, path }, ctx) {
    return { status: 200, body: await stopAgentTask(ctx, actor, path.task_uuid) };
  },
  async confirmAgentAction({ actor, path, body }, ctx) {
    return { status: 200, body: await confirmAgentAction(ctx, actor, path.task_uuid, body) };
  },
} satisfies DomainRoutes<AgentContext>;
