// The Space form, for both "spaceCreate" (empty, from a template, or moving a thread into the new
// Space) and "collectionCreateEdit" (edit). Seed 000 §5 "Space create": title required, the
// texts within their maximums, and "Discard any unsaved changes?" before a dirty form closes.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getListCollectionThreadsQueryKey, useCreateCollection } from '../../../../generated/react-query/collections/collections';
import type { Collection, SpaceTemplate } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ModalTitle } from '../../ui/modal-parts';
import { cacheSpace, invalidateSpaceLists } from './space-cache';
import { CountedTextField, EmojiPicker } from './space-form-fields';
import { canSubmitSpaceForm, EMPTY_SPACE_FORM, isSpaceFormDirty, spaceFormPayload, type SpaceFormValues } from './space-form-rules';
import type { CollectionCreateEditArgs, SpaceCreateArgs } from './space-modal-args';
import { TEMPLATES_FAILED, useSpaceTemplates } from './space-templates';
import { useCloseGuard } from './use-close-guard';
import { useEditSpace } from './use-edit-space';

type GuardClose = ModalProps['guardClose'];

export const CREATE_FAILED = 'Failed to create collection';
export const DISCARD_QUESTION = 'Discard any unsaved changes?';

type Args = SpaceCreateArgs | CollectionCreateEditArgs;

const fromSpace = (s: Pick<SpaceTemplate, 'title' | 'description' | 'instructions' | 'emoji'>): SpaceFormValues => ({
  title: s.title,
  description: s.description,
  instructions: s.instructions,
  emoji: s.emoji,
});

export default function SpaceFormModal({ args, close, guardClose }: ModalProps<Args>) {
  if ('collection' in args) return <EditSpaceForm space={args.collection} close={close} guardClose={guardClose} />;
  return <CreateSpaceForm args={args} close={close} guardClose={guardClose} />;
}

function EditSpaceForm({ space, close, guardClose }: { space: Collection; close: () => void; guardClose: GuardClose }) {
  const { editSpace } = useEditSpace();
  const initial = fromSpace(space);
  return (
    <SpaceForm
      heading="Edit Space"
      submitLabel="Save"
      initial={initial}
      close={close}
      guardClose={guardClose}
      onSubmit={(values) => {
        // Applied at once (optimistic); a failure restores the cache and says so in a toast.
        if (isSpaceFormDirty(values, initial)) editSpace(space.uuid, spaceFormPayload(values));
        close();
      }}
    />
  );
}

function CreateSpaceForm({ args, close, guardClose }: { args: SpaceCreateArgs; close: () => void; guardClose: GuardClose }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const templates = useSpaceTemplates(!!args.templateId);
  const create = useCreateCollection({
    mutation: {
      onSuccess: async (response) => {
        const space = response.data as Collection;
        cacheSpace(queryClient, space);
        void invalidateSpaceLists(queryClient);
        // The thread moved into the new Space (out of any other): its page and that Space's list change.
        if (args.entryUuid) {
          void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/rest/thread/') });
          void queryClient.invalidateQueries({ queryKey: [getListCollectionThreadsQueryKey()[0]] });
        }
        close();
        await navigate(`/spaces/${encodeURIComponent(space.slug)}`);
      },
      onError: () => toast.error(CREATE_FAILED, { duration: TOAST_DURATION.normal }),
    },
  });

  if (args.templateId && templates.isPending) {
    return (
      <div className="flex h-24 items-center justify-center" aria-busy="true">
        <ModalTitle>Create a Space</ModalTitle>
      </div>
    );
  }
  const template = templates.data?.find((t) => t.id === args.templateId);

  return (
    <SpaceForm
      heading={template ? `Create a Space: ${template.title}` : 'Create a Space'}
      submitLabel="Continue"
      initial={template ? fromSpace(template) : EMPTY_SPACE_FORM}
      notice={args.templateId && templates.isError ? TEMPLATES_FAILED : undefined}
      busy={create.isPending}
      close={close}
      guardClose={guardClose}
      onSubmit={(values) =>
        create.mutate({
          data: {
            ...spaceFormPayload(values),
            ...(template ? { template_id: template.id } : {}),
            ...(args.entryUuid ? { entry_uuid: args.entryUuid } : {}),
          },
        })
      }
    />
  );
}

type FormProps = {
  heading: string;
  submitLabel: string;
  initial: SpaceFormValues;
  busy?: boolean;
  /** A problem to show above the fields, e.g. the template could not be loaded. */
  notice?: string;
  close: () => void;
  guardClose: GuardClose;
  onSubmit: (values: SpaceFormValues) => void;
};

function SpaceForm({ heading, submitLabel, initial, busy, notice, close, guardClose, onSubmit }: FormProps) {
  const [values, setValues] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const dirty = isSpaceFormDirty(values, initial);
  const valid = canSubmitSpaceForm(values);
  const set = (field: keyof SpaceFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const leave = () => (dirty && !busy ? setConfirming(true) : close());
  useCloseGuard(guardClose, dirty && !busy, () => setConfirming(true));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ModalTitle>{heading}</ModalTitle>
      {notice && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {notice}
        </p>
      )}
      <CountedTextField field="title" label="Title" value={values.title} onChange={set('title')} placeholder="Name your Space" required autoFocus />
      <CountedTextField
        field="description"
        label="Description"
        value={values.description}
        onChange={set('description')}
        placeholder="What is this Space for?"
        rows={2}
      />
      <CountedTextField
        field="instructions"
        label="Instructions"
        value={values.instructions}
        onChange={set('instructions')}
        placeholder="How should answers in this Space be written? E.g. cite primary sources, answer in French."
        rows={5}
      />
      <EmojiPicker value={values.emoji} onChange={set('emoji')} />
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={leave}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={!valid || busy}>
          {submitLabel}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={DISCARD_QUESTION}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          close();
        }}
      />
    </form>
  );
}
