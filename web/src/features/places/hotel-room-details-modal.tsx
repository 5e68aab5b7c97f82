// The hotel room details modal: the stay the person has in mind (check-in, check-out, guests,
// rooms), then the hand-over to the hotel's own website (hand-over.tsx). This server knows no
// rooms or rates: it says so, and the hotel's site shows its own.
import { useId, useState } from 'react';
import { checkedDetails } from '../../../../services/places/pure';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { HandOver } from './hand-over';
import { wholeIn } from './place-text';
import type { BookingModalArgs } from './places-args';

const dayAfter = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

export default function HotelRoomDetailsModal({ args, close }: ModalProps<BookingModalArgs>) {
  const id = useId();
  const [checkIn, setCheckIn] = useState(today());
  const [checkOut, setCheckOut] = useState(dayAfter(today(), 1));
  const [guestsTyped, setGuests] = useState('2');
  const [roomsTyped, setRooms] = useState('1');
  const guests = wholeIn(guestsTyped, 20);
  const rooms = wholeIn(roomsTyped, 10);
  const details = { check_in: checkIn, check_out: checkOut, guests, rooms };
  let problem: string | null = null;
  try {
    checkedDetails('hotel', details, new Date());
  } catch (e) {
    problem = (e as Error).message;
  }
  const full = { date: null, time: null, party_size: null, check_in: checkIn, check_out: checkOut, guests, rooms, note: null };
  return (
    <div className="space-y-4" data-testid="hotel-room-details">
      <ModalTitle>Room details</ModalTitle>
      <p className="text-sm font-medium">
        {args.place.name}
        {args.place.stars ? ` · ${args.place.stars}★` : ''}
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Rooms, rates and availability are the hotel’s own: its website shows them.</p>
      <div className="grid grid-cols-2 gap-3 text-sm">
        <label className="flex flex-col gap-1" htmlFor={`${id}-in`}>
          Check-in
          <input id={`${id}-in`} type="date" className="field" value={checkIn} min={today()} onChange={(e) => setCheckIn(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-out`}>
          Check-out
          <input id={`${id}-out`} type="date" className="field" value={checkOut} min={checkIn} onChange={(e) => setCheckOut(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-guests`}>
          Guests
          <input id={`${id}-guests`} type="number" className="field" min={1} max={20} value={guestsTyped} onChange={(e) => setGuests(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-rooms`}>
          Rooms
          <input id={`${id}-rooms`} type="number" className="field" min={1} max={10} value={roomsTyped} onChange={(e) => setRooms(e.target.value)} />
        </label>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      <HandOver place={args.place} kind="hotel" details={full} ready={!problem} onDone={close} />
    </div>
  );
}
