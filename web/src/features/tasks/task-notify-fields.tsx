// A task's notificationSettings (seed 003 §3 Task draft): the channels its runs may notify on.
// Each narrows the person's own preferences on /account/notifications, which the hint says.
import { Link } from 'react-router';
import type { TaskNotificationSettingsInput } from '../../../../generated/react-query/model';

export type NotifyChannels = Required<TaskNotificationSettingsInput>;
export const ALL_CHANNELS: NotifyChannels = { should_send_email: true, should_send_in_app: true, should_send_push: true };

const CHANNELS: { key: keyof NotifyChannels; label: string }[] = [
  { key: 'should_send_in_app', label: 'In the app' },
  { key: 'should_send_email', label: 'Email' },
  { key: 'should_send_push', label: 'Push' },
];

export function TaskNotifyFields({ value, onChange }: { value: NotifyChannels; onChange: (next: NotifyChannels) => void }) {
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium">Notify me when it runs</legend>
      <div className="flex flex-wrap gap-4">
        {CHANNELS.map((c) => (
          <label key={c.key} className="flex items-center gap-2">
            <input type="checkbox" checked={value[c.key]} onChange={(e) => onChange({ ...value, [c.key]: e.target.checked })} />
            {c.label}
          </label>
        ))}
      </div>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        A channel off in your <Link to="/account/notifications">notification settings</Link> stays off.
      </p>
    </fieldset>
  );
}
