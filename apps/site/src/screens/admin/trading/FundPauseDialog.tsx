import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, TextArea, toast } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/api';
import { showRequestFailure } from '../../../shared/requestFailure';
import * as styles from './TradingScreens.css';
import { adminFundQuery, adminTradingQuery } from './tradingQueries';
import { useOpenings } from './useOpenings';

type AdminFund = Schemas['AdminFund'];

export type FundPauseDialogProps = {
  fund: AdminFund;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * One fund's kill switch, after a confirmation. Pausing needs a reason (its investors are told it);
 * from the fund's next step it places no order, its open orders are cancelled and no new investment
 * is accepted. Resuming also clears a pause of its drawdown circuit breaker: a person has decided.
 */
export function FundPauseDialog({ fund, open, onOpenChange }: FundPauseDialogProps) {
  const openings = useOpenings(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content role="alertdialog">
        {/* Keyed: each opening starts from an empty reason. */}
        <PauseSteps key={openings} fund={fund} onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PauseSteps({ fund, onDone }: { fund: AdminFund; onDone: () => void }) {
  const queryClient = useQueryClient();
  // A fund its breaker paused is resumed too, though no admin paused it.
  // Fixed when the dialog opens: the server's answer does not turn the dialog around.
  const [resuming] = useState(fund.paused || fund.fund.status === 'paused');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = fund.fund.name;

  const submit = async () => {
    const trimmed = reason.trim();
    if (!resuming && trimmed === '') {
      setReasonError('Say why the fund stops trading');
      return;
    }
    setBusy(true);
    try {
      await unwrap(
        api.PATCH('/admin/funds/{fundId}', {
          params: { path: { fundId: fund.fund._id } },
          body: { paused: !resuming, ...(trimmed ? { reason: trimmed } : {}) },
        }),
      );
      void queryClient.invalidateQueries({ queryKey: adminFundQuery(fund.fund._id).queryKey });
      void queryClient.invalidateQueries({ queryKey: adminTradingQuery.queryKey });
      toast.success(resuming ? `${name} trades again from its next step` : `${name} is paused`);
      onDone();
    } catch (error) {
      showRequestFailure(error);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Title>{resuming ? `Resume ${name}?` : `Pause ${name}?`}</Dialog.Title>
      <Dialog.Description>
        {resuming
          ? 'It trades again from its next step, unless all trading is paused. A pause of its drawdown circuit breaker is cleared too.'
          : 'From its next step it places no order and its open orders are cancelled. No new investment is accepted; redemptions are still priced.'}
      </Dialog.Description>
      <Dialog.Body className={styles.form}>
        <TextArea
          label="Reason"
          hint={resuming ? 'Kept in the audit log.' : 'Kept in the audit log and shown to its investors.'}
          optional={resuming}
          rows={3}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant={resuming ? 'primary' : 'danger'} loading={busy} onClick={() => void submit()}>
          {resuming ? 'Resume fund' : 'Pause fund'}
        </Button>
      </Dialog.Footer>
    </>
  );
}
