// The task shortcut modal (seed 003 §2).
import type { ModalProps } from '../../platform/modals/types';
import type { TaskModalArgs } from './task-args';
import { TaskFormModal } from './task-form-modal';

export default function TaskShortcutModal(props: ModalProps<TaskModalArgs>) {
  return <TaskFormModal kind="SHORTCUT" {...props} />;
}
