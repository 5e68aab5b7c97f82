// /account/assistant: the model that answers this person's questions by default, among the
// models the server runs, each shown by its name. A choice is saved at once. Below it, the
// person's tool servers (MCP) and their tools.
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetAssistantSettingsQueryKey,
  useGetAssistantSettings,
  useUpdateAssistantSettings,
} from '../../../../generated/react-query/account-settings/account-settings';
import type { AssistantSettings } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { SaveStatus, SignedInOnly } from './signed-in-only';
import { ToolServersSection } from '../mcp/tool-servers-section';

export default function AssistantPage() {
  return (
    <SignedInOnly title="Assistant">
      <AssistantForm />
      <ToolServersSection />
    </SignedInOnly>
  );
}

function AssistantForm() {
  const client = useQueryClient();
  const query = useGetAssistantSettings({ query: { select: (r) => r.data as AssistantSettings } });
  const save = useUpdateAssistantSettings({ mutation: { onSuccess: (r) => client.setQueryData(getGetAssistantSettingsQueryKey(), r) } });
  if (query.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(query.error)} />;
  const settings = query.data;
  if (!settings) return <p className="text-neutral-500">Loading…</p>;
  const shown = save.isPending && save.variables ? save.variables.data.default_model : settings.default_model;
  if (settings.models.length === 1)
    return (
      <p className="text-neutral-600 dark:text-neutral-400">
        This server runs one answer model, <strong>{settings.models[0].name}</strong>, and it answers every question. When the administrator adds more
        (LLM_MODELS), you can choose yours here.
      </p>
    );
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-lg font-medium">Default model</legend>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">It answers your questions unless a question names another model.</p>
        {settings.models.map((m) => (
          <label key={m.id} className="flex items-center gap-2">
            <input
              type="radio"
              name="default-model"
              checked={shown === m.id}
              onChange={() => save.mutate({ data: { default_model: m.id } })}
              disabled={save.isPending}
            />
            <span className="font-medium">{m.name}</span>
            {m.name !== m.id && <span className="text-sm text-neutral-500 dark:text-neutral-400">{m.id}</span>}
          </label>
        ))}
      </fieldset>
      {!settings.chosen && !save.isSuccess && (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">You have not chosen one: the server’s first model answers.</p>
      )}
      <SaveStatus pending={save.isPending} saved={save.isSuccess} error={save.isError ? problemMessage(save.error) : null} />
    </div>
  );
}
