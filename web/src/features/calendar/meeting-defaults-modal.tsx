// Meeting defaults (seed 000's `meetingDefaults`): how long a meeting is, the working hours and
// the working days that availability's free times follow. Kept on the server with the person's
// other settings (the same on every device); the calendar they apply to is the connected one (its
// connect prompt when there is none).
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getGetMeetingDefaultsQueryKey, useUpdateMeetingDefaults } from '../../../../generated/react-query/account-settings/account-settings';
import type { MeetingDefaults, MeetingDefaultsMinutes } from '../../../../generated/react-query/model';
import { MEETING_MINUTES } from '../../../../services/settings/pure';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { CalendarConnection, useAvailability } from './calendar-connection';
import { useMeetingDefaults } from './use-meeting-defaults';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const HOURS = Array.from({ length: 25 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export default function MeetingDefaultsModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Meeting defaults</ModalTitle>
      {user ? <Loader close={close} /> : <SignInFirst what="set your meeting defaults" close={close} />}
    </div>
  );
}

function Loader({ close }: { close: () => void }) {
  const saved = useMeetingDefaults();
  if (saved.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {problemMessage(saved.error)}
      </p>
    );
  if (!saved.data) return <p className="text-sm text-neutral-500">Loading…</p>;
  return <Form saved={saved.data} close={close} />;
}

function Form({ saved, close }: { saved: MeetingDefaults; close: () => void }) {
  const client = useQueryClient();
  const [d, setD] = useState<MeetingDefaults>(saved);
  const availability = useAvailability();
  const save = useUpdateMeetingDefaults({
    mutation: {
      onSuccess: (r) => {
        client.setQueryData(getGetMeetingDefaultsQueryKey(), r);
        toast('Your meeting defaults are saved.', { duration: TOAST_DURATION.short });
        close();
      },
    },
  });
  const valid = d.day_start_hour < d.day_end_hour && d.weekdays.length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) save.mutate({ data: d });
  };
  return (
    <form onSubmit={submit} aria-label="Meeting defaults" className="space-y-4">
      <CalendarConnection availability={availability} />
      <label className="flex flex-col gap-1">
        <span className="label">Meeting length</span>
        <select className="field" value={d.minutes} onChange={(e) => setD({ ...d, minutes: Number(e.target.value) as MeetingDefaultsMinutes })}>
          {MEETING_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-3">
        <label className="flex flex-1 flex-col gap-1">
          <span className="label">Day starts</span>
          <select className="field" value={d.day_start_hour} onChange={(e) => setD({ ...d, day_start_hour: Number(e.target.value) })}>
            {HOURS.slice(0, 24).map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-1 flex-col gap-1">
          <span className="label">Day ends</span>
          <select className="field" value={d.day_end_hour} onChange={(e) => setD({ ...d, day_end_hour: Number(e.target.value) })}>
            {HOURS.slice(1).map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="space-y-1">
        <legend className="label">Working days</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((name, i) => (
            <label key={name} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={d.weekdays.includes(i)}
                onChange={(e) => setD({ ...d, weekdays: e.target.checked ? [...d.weekdays, i].sort((a, b) => a - b) : d.weekdays.filter((x) => x !== i) })}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      {!valid && <p role="alert">{d.weekdays.length === 0 ? 'Choose at least one working day.' : 'The day must end after it starts.'}</p>}
      {save.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(save.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={!valid || save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
