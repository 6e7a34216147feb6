import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Money, Table, TextField, visuallyHidden } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { queryPageSize } from '../review/QueueFilters';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';

type AdminUserSummary = Schemas['AdminUserSummary'];

/** The users, newest first, or those whose name or email holds `q`, one keyset page at a time. */
function useUsers(q: string) {
  const query = { q: q === '' ? undefined : q };
  return useKeysetQuery<AdminUserSummary>(['get', '/admin/users', { params: { query } }], (cursor, signal) =>
    unwrap(
      api.GET('/admin/users', { params: { query: { ...query, limit: queryPageSize, cursor } }, signal }),
    ),
  );
}

/** /admin/users: every account, searched by part of a name or an email; one opens its page. */
export function UsersScreen() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const { state, loadMore, reload } = useUsers(q);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <DashboardPage title="Users" brief="Every account: its balance, and a page with its ledger.">
      <search>
        <form className={styles.filters} onSubmit={search}>
          <TextField
            label="Name or email"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="users"
        singular="user"
        emptyTitle={q ? `No user’s name or email holds “${q}”` : 'No users yet'}
        columns={
          <Table.Row>
            <Table.ColumnHeader>User</Table.ColumnHeader>
            <Table.ColumnHeader>Signed up</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Available</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Open</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(user, action) => (
          <Table.Row key={user._id}>
            <Table.RowHeader>
              <span className={styles.user}>{user.fullname}</span>
              <span className={styles.meta}>
                {user.email}
                {user.role === 'admin' ? ' · admin' : ''}
                {user.emailVerified ? '' : ' · not verified'}
              </span>
            </Table.RowHeader>
            <Table.Cell>
              <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
            </Table.Cell>
            <Table.Cell numeric>
              <Money amount={user.availableBalance} display="code" colored={false} />
            </Table.Cell>
            <Table.Cell>
              {/* The back office runs in the app only, never as an island: the router's own link. */}
              <Link
                className={styles.link}
                to="/admin/users/$userId"
                params={{ userId: user._id }}
                {...action}
              >
                Open<span className={visuallyHidden}> the page of {user.email}</span>
              </Link>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </DashboardPage>
  );
}
