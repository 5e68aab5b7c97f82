// The agent's model: the configured OpenAI-compatible endpoint through the AI SDK (as answers use
// it), with the socket's methods as tools. One turn asks what to do next; the tools have no
// execute: the loop runs them in the person's browser and hands the results back.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, type ModelMessage, tool } from 'ai';
import { AGENT_METHODS, methodSchema, TOOL_DESCRIPTIONS } from './tools.js';

export type AgentCall = { id: string; name: string; input: unknown };
export type AgentTurn = { calls: AgentCall[]; text: string };
/** The conversation as the loop keeps it (plain JSON, so each turn is recorded by the workflow). */
export type AgentMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; text: string; calls: AgentCall[] }
  | { role: 'tool'; results: { id: string; name: string; text: string }[] };

/** A tool from the person's tool servers, offered beside the browser methods. */
export type OfferedTool = { name: string; description: string; inputSchema: Record<string, unknown> };
export type AgentModel = { turn: (system: string, history: AgentMessage[], signal: AbortSignal, extra?: readonly OfferedTool[]) => Promise<AgentTurn> };

const tools = Object.fromEntries(
  AGENT_METHODS.map((m) => [m, tool({ description: TOOL_DESCRIPTIONS[m], inputSchema: jsonSchema(methodSchema(m) as Parameters<typeof jsonSchema>[0]) })]),
);

function toModelMessages(history: AgentMessage[]): ModelMessage[] {
  return history.map((m): ModelMessage => {
    if (m.role === 'user') return { role: 'user', content: m.content };
    if (m.role === 'assistant')
      return {
        role: 'assistant',
        content: [
          ...(m.text ? [{ type: 'text' as const, text: m.text }] : []),
          ...m.calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.input })),
        ],
      };
    return {
      role: 'tool',
      content: m.results.map((r) => ({ type: 'tool-result' as const, toolCallId: r.id, toolName: r.name, output: { type: 'text' as const, value: r.text } })),
    };
  });
}

export function agentModel(cfg: { baseUrl: string; model: string; apiKey?: string }): AgentModel {
  const model = createOpenAICompatible({ name: 'llm', baseURL: cfg.baseUrl, apiKey: cfg.apiKey }).chatModel(cfg.model);
  return {
    async turn(system, history, signal, extra = []) {
      const offered = {
        ...Object.fromEntries(
          extra.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]) })]),
        ),
        ...tools,
      };
      const result = await generateText({ model, system, messages: toModelMessages(history), tools: offered, abortSignal: signal, maxRetries: 1 });
      return { text: result.text, calls: result.toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input })) };
    },
  };
}
