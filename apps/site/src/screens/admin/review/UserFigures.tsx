import { Money, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { adminUserQuery } from '../users/adminUserQuery';

/**
 * The user's money now, read when a review opens: what they can use, and what their pending
 * withdrawals hold.
 */
export function UserFigures({ userId }: { userId: string }) {
  const figures = useQuery({ ...adminUserQuery(userId), refetchOnMount: 'always' });
  if (figures.isPending) return <Spinner label="Loading the user's balance" size="sm" />;
  if (figures.isError) return <>{figures.error.msg}</>;
  return (
    <>
      <Money amount={figures.data.user.availableBalance} display="code" colored={false} /> available,{' '}
      <Money amount={figures.data.user.pendingWithdrawals} display="code" colored={false} /> held
    </>
  );
}
