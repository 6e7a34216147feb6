import { type Schemas, unwrap } from '@ledgerline/api-client';
import { coinTypes } from '@ledgerline/rules/coins';
import { Button, Select, type SelectOption, TextField } from '@ledgerline/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../../../api/api';
import { coinName } from '../../../shared/coins';
import { statusLabels } from '../../../shared/requestStatus';
import * as styles from './ReviewQueue.css';

/** The user a list is narrowed to, with what is shown of them. */
export type FilteredUser = { id: string; fullname: string; email: string };

/**
 * Whose rows, and when: one user (or everyone), and a range of days in the admin's own time zone,
 * `YYYY-MM-DD` as a date input gives it ('' leaves that end open). Both days are included.
 */
export type UserAndDates = { user: FilteredUser | null; fromDay: string; toDay: string };

export const anyoneAnyTime: UserAndDates = { user: null, fromDay: '', toDay: '' };

/** Whether a list is narrowed to a user or to days. */
export const narrowedToUserOrDays = ({ user, fromDay, toDay }: UserAndDates) =>
  user !== null || fromDay !== '' || toDay !== '';

/** A queue's filters: a status (pending first), a coin (`all` leaves one out), a user and days. */
export type QueueFilters = UserAndDates & {
  status: Schemas['RequestStatus'] | 'all';
  coin: Schemas['CoinType'] | 'all';
};

export const pendingFirst: QueueFilters = { status: 'pending', coin: 'all', ...anyoneAnyTime };

/** Rows per page of a queue. */
export const queryPageSize = 50;

/** Local midnight of a `YYYY-MM-DD` day, `days` later, as an instant. */
function localMidnight(day: string, days = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days).toISOString();
}

/**
 * The user and days as the contract's query: `userId`, and the instants `from` (the first day's
 * local midnight, included) and `to` (the midnight after the last day, not included).
 */
export function userAndDatesQuery({ user, fromDay, toDay }: UserAndDates) {
  return {
    userId: user?.id,
    from: fromDay ? localMidnight(fromDay) : undefined,
    to: toDay ? localMidnight(toDay, 1) : undefined,
  };
}

/** The filters as the contract's query: `status`, `type`, `userId`, `from` and `to`. */
export function queueQuery(filters: QueueFilters) {
  const { status, coin } = filters;
  return {
    status: status === 'all' ? undefined : status,
    type: coin === 'all' ? undefined : coin,
    ...userAndDatesQuery(filters),
  };
}

export const statusOptions: SelectOption<QueueFilters['status']>[] = [
  ...Object.entries(statusLabels).map(([value, label]) => ({
    value: value as keyof typeof statusLabels,
    label,
  })),
  { value: 'all', label: 'All statuses' },
];
const coinOptions: SelectOption<QueueFilters['coin']>[] = [
  { value: 'all', label: 'All coins' },
  ...coinTypes.map((coin) => ({ value: coin, label: coinName(coin) })),
];

/** The status, coin, user and date filters of a queue. */
export function QueueFilterBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
}) {
  return (
    <>
      <Select
        label="Status"
        options={statusOptions}
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status })}
      />
      <Select
        label="Coin"
        options={coinOptions}
        value={filters.coin}
        onValueChange={(coin) => onChange({ ...filters, coin })}
      />
      <UserAndDateFilters filters={filters} onChange={(part) => onChange({ ...filters, ...part })} />
    </>
  );
}

/**
 * The user and day filters. A user is found by their email or part of their name; one match
 * narrows the list to them, shown with a button to widen it again. Days are the admin's own.
 */
export function UserAndDateFilters({
  filters,
  onChange,
}: {
  filters: UserAndDates;
  onChange: (filters: UserAndDates) => void;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [finding, setFinding] = useState(false);

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = typed.trim();
    if (q === '') {
      setProblem('Type an email or a name');
      return;
    }
    setFinding(true);
    try {
      // Two are enough to know whether one user is meant.
      const { items } = await unwrap(api.GET('/admin/users', { params: { query: { q, limit: 2 } } }));
      const exact = items.find((user) => user.email === q.toLowerCase());
      const [only] = items;
      const user = exact ?? (items.length === 1 ? only : undefined);
      if (user) {
        onChange({ ...filters, user: { id: user._id, fullname: user.fullname, email: user.email } });
        setTyped('');
        setProblem(undefined);
      } else {
        setProblem(items.length === 0 ? 'No user matches' : 'More than one user matches: type more');
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The users could not be searched');
    } finally {
      setFinding(false);
    }
  };

  return (
    <>
      {filters.user ? (
        <p className={styles.chosenUser}>
          <span>
            User: <span className={styles.name}>{filters.user.fullname}</span> ({filters.user.email})
          </span>
          <Button variant="secondary" size="sm" onClick={() => onChange({ ...filters, user: null })}>
            Any user
          </Button>
        </p>
      ) : (
        <search>
          <form className={styles.userSearch} onSubmit={(event) => void find(event)}>
            <TextField
              label="User"
              type="search"
              placeholder="Email or name"
              value={typed}
              maxLength={100}
              error={problem}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(undefined);
              }}
            />
            <Button type="submit" variant="secondary" loading={finding}>
              Find
            </Button>
          </form>
        </search>
      )}
      <TextField
        label="From"
        type="date"
        value={filters.fromDay}
        max={filters.toDay || undefined}
        onChange={(event) => onChange({ ...filters, fromDay: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={filters.toDay}
        min={filters.fromDay || undefined}
        onChange={(event) => onChange({ ...filters, toDay: event.target.value })}
      />
    </>
  );
}
