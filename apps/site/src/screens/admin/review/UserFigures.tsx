import { unwrap } from '@ledgerline/api-client';
import { Money, Spinner } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { useApiData } from '../../../api/useApiData';

/**
 * The user's money now, read when a review opens: what they can use, and what their pending
 * withdrawals hold.
 */
export function UserFigures({ userId }: { userId: string }) {
  const figures = useApiData(() =>
    unwrap(api.GET('/admin/users/{userId}', { params: { path: { userId } } })),
  );
  if (figures.status === 'loading') return <Spinner label="Loading the user's balance" size="sm" />;
  if (figures.status === 'failed') return <>{figures.error.msg}</>;
  return (
    <>
      <Money amount={figures.data.user.availableBalance} display="code" colored={false} /> available,{' '}
      <Money amount={figures.data.user.pendingWithdrawals} display="code" colored={false} /> held
    </>
  );
}
