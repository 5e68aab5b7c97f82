// The words the settings pages show for the values the API takes.
import type { AnswerStyle, SearchMode } from '../../../../generated/react-query/model';
import { ANSWER_LANGUAGES } from '../../../../services/settings/pure';

export const SEARCH_MODE_CHOICES: { value: SearchMode; label: string; text: string }[] = [
  { value: 'auto', label: 'Auto', text: 'Every source you have: the web (when configured), your files and Spaces, and the guide.' },
  { value: 'web', label: 'Web', text: 'The web first; your own sources only when it finds nothing.' },
  { value: 'help', label: 'Help', text: 'Only this product’s user guide.' },
];

export const ANSWER_STYLE_CHOICES: { value: AnswerStyle; label: string; text: string }[] = [
  { value: 'default', label: 'Default', text: 'As the answer model writes.' },
  { value: 'concise', label: 'Concise', text: 'Short and to the point.' },
  { value: 'detailed', label: 'Detailed', text: 'Thorough, covering the relevant points.' },
  { value: 'formal', label: 'Formal', text: 'A formal, professional tone.' },
  { value: 'casual', label: 'Casual', text: 'A casual, friendly tone.' },
];

/** `auto` first, then the languages by name. */
export const LANGUAGE_CHOICES = [
  { value: 'auto', label: 'Automatic (the language of the question)' },
  ...Object.entries(ANSWER_LANGUAGES)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en')),
];
