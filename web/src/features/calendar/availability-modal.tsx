// Availability (seed 000's `availability`): the person's free times over the next seven days, from
// the busy times of their connected calendar and their meeting defaults; without a calendar
// connected, its connect prompt.
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { CalendarConnection, useAvailability } from './calendar-connection';
import { freeTimes } from './free-times';
import { useMeetingDefaults } from './use-meeting-defaults';

const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const dayName = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' });

export default function AvailabilityModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Availability</ModalTitle>
      {user ? <Free close={close} /> : <SignInFirst what="see your availability" close={close} />}
    </div>
  );
}

function Free({ close }: { close: () => void }) {
  const availability = useAvailability(7);
  const defaults = useMeetingDefaults().data;
  const { open } = useModals();
  const a = availability.data;
  const days = a?.connected && defaults ? freeTimes(a.busy, defaults, new Date(a.from), new Date(a.to)) : [];
  return (
    <>
      <CalendarConnection availability={availability} />
      {a?.connected && defaults && (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Free for a {defaults.minutes}-minute meeting in the next seven days, within your working hours:
          </p>
          <ul aria-label="Free times" className="max-h-80 space-y-2 overflow-y-auto text-sm">
            {days.map(({ day, free }) => (
              <li key={day.toISOString()}>
                <span className="font-medium">{dayName(day)}</span>
                {free.length ? (
                  <span className="text-neutral-600 dark:text-neutral-400"> {free.map((f) => `${time(f.start)}–${time(f.end)}`).join(', ')}</span>
                ) : (
                  <span className="text-neutral-500"> Fully booked</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            close();
            open('meetingDefaults');
          }}
        >
          Meeting defaults
        </button>
        <button type="button" className="btn-primary" onClick={close}>
          Close
        </button>
      </div>
    </>
  );
}
