import { formatUsd, ResultDialog } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

export type RequestCompletedDialogProps = {
  /** Which request was made. */
  kind: 'deposit' | 'withdrawal';
  /** The amount requested, as sent (a decimal string); null keeps the dialog closed. */
  amount: string | null;
  /** Called when the person closes the dialog (or follows its link). */
  onClose: () => void;
};

const titles = { deposit: 'Deposit Request Completed', withdrawal: 'Withdrawal Request Completed' } as const;

/**
 * Says "You have made a deposit request of $X and it is now awaiting approval" (the
 * withdrawal's wording is analogous), the amount in US format, with a way to the history.
 */
export function RequestCompletedDialog({ kind, amount, onClose }: RequestCompletedDialogProps) {
  // The last amount stays written while the dialog plays its closing transition.
  const [shownAmount, setShownAmount] = useState(amount);
  if (amount !== null && amount !== shownAmount) setShownAmount(amount);
  return (
    <ResultDialog
      open={amount !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={titles[kind]}
      message={`You have made a ${kind} request of ${formatUsd(shownAmount ?? '')} and it is now awaiting approval`}
      action={<Link to="/dashboard/transaction-history">View transaction history</Link>}
    />
  );
}
