// The socket's incoming messages checked against the protocol's own schemas
// (spec/agent.asyncapi.yaml, generated/agent): anything else is refused before a use case sees it.
import { z } from 'zod';
import type { ConfirmAction, RpcResponse, StartAgent, TaskRef } from '../../generated/agent/messages.gen.js';
import { agentSchemas } from '../../generated/agent/schemas.gen.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const checker = <T extends { task_uuid?: string }>(name: keyof typeof agentSchemas) => {
  const schema = z.fromJSONSchema(agentSchemas[name] as Parameters<typeof z.fromJSONSchema>[0]);
  return (value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return null;
    const v = parsed.data as T;
    return v.task_uuid === undefined || UUID.test(v.task_uuid) ? v : null;
  };
};

export const checkStartAgent = checker<StartAgent>('StartAgent');
export const checkRpcResponse = checker<RpcResponse & { task_uuid?: undefined }>('RpcResponse');
export const checkTaskRef = checker<TaskRef>('TaskRef');
export const checkConfirmAction = checker<ConfirmAction>('ConfirmAction');

/** The messages the extension may send; any other is an unknown method. */
export const CLIENT_MESSAGES = new Set(['start_agent', 'rpc_response', 'pause_agent', 'resume_agent', 'stop_agent', 'confirm_action']);
