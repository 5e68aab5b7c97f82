// The restaurant booking modal: the date, time and party the person has in mind, then the hand-over
// to the restaurant's own website (hand-over.tsx). Ready once the details pass the server's rule.
import { useId, useState } from 'react';
import { checkedDetails } from '../../../../services/places/pure';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { HandOver } from './hand-over';
import { wholeIn } from './place-text';
import type { BookingModalArgs } from './places-args';

const today = () => new Date().toISOString().slice(0, 10);

export default function RestaurantBookingModal({ args, close }: ModalProps<BookingModalArgs>) {
  const id = useId();
  const [date, setDate] = useState(today());
  const [time, setTime] = useState('19:30');
  const [party, setParty] = useState('2');
  const [note, setNote] = useState('');
  const partySize = wholeIn(party, 50);
  const details = { date, time, party_size: partySize, note: note || null };
  let problem: string | null = null;
  try {
    checkedDetails('restaurant', details, new Date());
  } catch (e) {
    problem = (e as Error).message;
  }
  const full = { date, time, party_size: partySize, check_in: null, check_out: null, guests: null, rooms: null, note: note.trim() || null };
  return (
    <div className="space-y-4" data-testid="restaurant-booking">
      <ModalTitle>Book a table</ModalTitle>
      <p className="text-sm font-medium">{args.place.name}</p>
      {args.place.opening_hours && <p className="text-sm text-neutral-600 dark:text-neutral-400">Opening hours: {args.place.opening_hours}</p>}
      <div className="grid grid-cols-3 gap-3 text-sm">
        <label className="flex flex-col gap-1" htmlFor={`${id}-date`}>
          Date
          <input id={`${id}-date`} type="date" className="field" value={date} min={today()} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-time`}>
          Time
          <input id={`${id}-time`} type="time" className="field" value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-party`}>
          People
          <input id={`${id}-party`} type="number" className="field" min={1} max={50} value={party} onChange={(e) => setParty(e.target.value)} />
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-note`}>
        Note for yourself (optional)
        <input id={`${id}-note`} className="field" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {problem && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      <HandOver place={args.place} kind="restaurant" details={full} ready={!problem} onDone={close} />
    </div>
  );
}
