// The agent socket's protocol document (spec/agent.asyncapi.yaml) is valid AsyncAPI 3 by the
// reference parser, names every message the server and the extension exchange, and is what the
// generated message types and schemas (generated/agent, `make generate`) were made from.
import { readFileSync } from 'node:fs';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { expect, test } from 'vitest';
import { agentMessages, agentSchemas } from '../../generated/agent/schemas.gen.js';

const text = readFileSync('spec/agent.asyncapi.yaml', 'utf8');

test('the document parses as AsyncAPI 3 with no errors or warnings', async () => {
  const { document, diagnostics } = await new Parser().parse(text);
  const serious = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
  expect(serious.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
  expect(document?.version()).toBe('3.0.0');
  const names = document!
    .allMessages()
    .all()
    .map((m) => m.name())
    .sort();
  expect(names).toEqual(
    [
      'start_agent',
      'request',
      'rpc_response',
      'pause_agent',
      'resume_agent',
      'stop_agent',
      'confirm_action',
      'agent_started',
      'agent_step',
      'agent_screenshot_progress',
      'agent_paused',
      'agent_resumed',
      'agent_needs_confirmation',
      'agent_complete',
      'agent_stopped',
      'agent_failed',
      'agent_error',
    ].sort(),
  );
  expect(names).toEqual(Object.keys(agentMessages).sort());
});

test('the methods are the seed’s, each with a request schema generated from the document', () => {
  expect(agentSchemas.AgentMethod.enum).toEqual([
    'Computer',
    'FormInput',
    'GetPageText',
    'Navigate',
    'ReadPage',
    'TabsCreate',
    'TabsContext',
    'ReportTaskComplete',
  ]);
  for (const m of agentSchemas.AgentMethod.enum) expect(agentSchemas).toHaveProperty(`${m}Request.type`, 'object');
  // Refs are inlined: the model's tools and the socket's checks take the schemas as they are.
  expect(JSON.stringify(agentSchemas)).not.toContain('$ref');
  expect(agentSchemas.ComputerRequest.properties.action.enum).toEqual(
    expect.arrayContaining(['left_click', 'type', 'scroll', 'wait', 'screenshot', 'key', 'drag']),
  );
});
