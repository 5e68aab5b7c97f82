// The Space form's rules (seed 000 §5 "Space create", "Text areas"): the title is required, the
// three texts have maximum lengths, and Continue is offered only when all of them hold.
import { SPACE_LIMITS } from '../../../../services/spaces/pure';

export type SpaceFormValues = { title: string; description: string; instructions: string; emoji: string };
export type SpaceTextField = 'title' | 'description' | 'instructions';

export const SPACE_TEXT_FIELDS: readonly SpaceTextField[] = ['title', 'description', 'instructions'];
export const SPACE_FIELD_LIMITS: Record<SpaceTextField, number> = {
  title: SPACE_LIMITS.title,
  description: SPACE_LIMITS.description,
  instructions: SPACE_LIMITS.instructions,
};

export const EMPTY_SPACE_FORM: SpaceFormValues = { title: '', description: '', instructions: '', emoji: '' };

/** Characters as the server counts them (code points), so an emoji counts once. */
export const textLength = (value: string) => Array.from(value).length;

/** Characters left before the field's maximum; negative once it is exceeded. */
export const remainingChars = (field: SpaceTextField, value: string) => SPACE_FIELD_LIMITS[field] - textLength(value);

export const isOverLimit = (field: SpaceTextField, value: string) => remainingChars(field, value) < 0;

/** Continue is disabled for a blank title or any text over its maximum. */
export const canSubmitSpaceForm = (values: SpaceFormValues) => values.title.trim() !== '' && SPACE_TEXT_FIELDS.every((f) => !isOverLimit(f, values[f]));

/** A form is dirty when any field differs from where it started. */
export const isSpaceFormDirty = (values: SpaceFormValues, initial: SpaceFormValues) =>
  values.emoji !== initial.emoji || SPACE_TEXT_FIELDS.some((f) => values[f] !== initial[f]);

/** What the create and edit calls send: texts trimmed, as the server stores them. */
export const spaceFormPayload = (values: SpaceFormValues) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  instructions: values.instructions.trim(),
  emoji: values.emoji,
});
