import { type Schemas, unwrap } from '@ledgerline/api-client';
import { visuallyHidden } from '@ledgerline/ui';
import { useContext, useEffect, useId, useState } from 'react';
import { api } from '../../../api/api';
import { $api } from '../../../api/queryClient';
import { ClockContext } from '../../../shared/clock';
import { formatDateTime } from '../../../shared/formatDate';

export type AddressBook = Schemas['WithdrawalAddressBook'];
export type SavedAddress = Schemas['WithdrawalAddress'];

/** The account's saved withdrawal addresses, whether the lock is on, and the hold a new one waits. */
export function loadAddressBook(): Promise<AddressBook> {
  return unwrap(api.GET('/users/withdrawal-addresses'));
}

/** The address book as a query: the withdrawal form and the profile's panel share it. */
export const addressBookQuery = $api.queryOptions('get', '/users/withdrawal-addresses');

/** The time, read again every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(clock);
  useEffect(() => {
    setNow(clock());
    if (!ticking) return;
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [ticking, clock]);
  return now;
}

/** Milliseconds left of an address's hold at `now`; 0 once it may receive withdrawals. */
export function holdLeftMs(address: Pick<SavedAddress, 'usableFrom'>, now: number): number {
  return Math.max(0, Date.parse(address.usableFrom) - now);
}

/** "23:59:41": hours, minutes and seconds left, the seconds rounded up so it never reads 00:00:00 early. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/**
 * "Usable in 23:59:41", ticking every second. A screen reader is not told each second (a timer's
 * changes are not announced); it reads the fixed moment the hold ends as the countdown's description.
 */
export function HoldCountdown({ address, now }: { address: SavedAddress; now: number }) {
  const id = useId();
  return (
    <span>
      <span role="timer" aria-live="off" aria-describedby={id}>
        Usable in {formatCountdown(holdLeftMs(address, now))}
      </span>
      <span id={id} className={visuallyHidden}>
        Withdrawals to this address are allowed from {formatDateTime(address.usableFrom)}.
      </span>
    </span>
  );
}
