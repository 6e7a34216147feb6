import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, TextArea, toast } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/api';
import { showRequestFailure } from '../../../shared/requestFailure';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';
import * as styles from './TradingScreens.css';
import { adminTradingQuery } from './tradingQueries';
import { useOpenings } from './useOpenings';

type TradingSwitch = Schemas['TradingSwitch'];

export type TradingSwitchDialogProps = {
  /** The switch as the desk shows it: paused asks to resume, running asks to pause. */
  trading: TradingSwitch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The global kill switch, after a confirmation: pausing stops every fund's orders from its next step
 * (valuations and investors' requests go on) and needs a reason; resuming lets the funds that are
 * not paused themselves trade again. Either way the admin's fresh code from the authenticator app is
 * asked when they have two-factor on, and the desk shows the switch as the server answers it.
 */
export function TradingSwitchDialog({ trading, open, onOpenChange }: TradingSwitchDialogProps) {
  const openings = useOpenings(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content role="alertdialog">
        {/* Keyed: each opening starts from an empty reason and code. */}
        <SwitchSteps key={openings} pausing={!trading.paused} onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A reason is needed to stop trading: "say why" is the audit log's only record of it. */
const reasonMissing = 'Say why trading stops';

function SwitchSteps({ pausing: asked, onDone }: { pausing: boolean; onDone: () => void }) {
  // What was asked when the dialog opened: the switch's answer does not turn the dialog around.
  const [pausing] = useState(asked);
  const queryClient = useQueryClient();
  const codeRequired = useStepUpRequired();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = reason.trim();
    const missingReason = pausing && trimmed === '';
    const missingCode = codeRequired && !/^\d{6}$/.test(code);
    setReasonError(missingReason ? reasonMissing : undefined);
    setCodeError(missingCode ? 'Enter the 6-digit code from your authenticator app' : undefined);
    if (missingReason || missingCode) return;
    setBusy(true);
    try {
      const body = { ...(trimmed ? { reason: trimmed } : {}), ...stepUpBody(codeRequired, code) };
      const answer = pausing
        ? await unwrap(
            api.POST('/admin/trading/pause', {
              body: { reason: trimmed, ...stepUpBody(codeRequired, code) },
            }),
          )
        : await unwrap(api.POST('/admin/trading/resume', { body }));
      queryClient.setQueryData(adminTradingQuery.queryKey, (desk) => desk && { ...desk, trading: answer });
      // The funds' statuses change with the switch: the desk loads them again.
      void queryClient.invalidateQueries({ queryKey: adminTradingQuery.queryKey });
      toast.success(
        pausing
          ? 'All trading is paused: no fund places an order'
          : 'Trading resumed: funds trade from their next step',
      );
      onDone();
    } catch (error) {
      // A refused code is said beside it, for the next one; anything else as a toast.
      if (codeRequired && error instanceof ApiError && error.status === 403) {
        setCode('');
        setCodeError(error.msg);
        return;
      }
      showRequestFailure(error);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Title>{pausing ? 'Pause all trading?' : 'Resume trading?'}</Dialog.Title>
      <Dialog.Description>
        {pausing
          ? 'From their next step no fund places an order, and open orders are cancelled. Funds are still valued, and investments and redemptions are still priced.'
          : 'Funds that are not paused themselves trade again from their next step.'}
      </Dialog.Description>
      <Dialog.Body className={styles.form}>
        <TextArea
          label="Reason"
          hint={
            pausing ? 'Kept in the audit log and told to every fund’s investors.' : 'Kept in the audit log.'
          }
          optional={!pausing}
          rows={3}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
        {codeRequired && (
          <StepUpCodeField
            value={code}
            error={codeError}
            onChange={(typed) => {
              setCode(typed);
              setCodeError(undefined);
            }}
          />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            {pausing ? 'Keep trading' : 'Keep paused'}
          </Button>
        </Dialog.Close>
        <Button variant={pausing ? 'danger' : 'primary'} loading={busy} onClick={() => void submit()}>
          {pausing ? 'Pause all trading' : 'Resume trading'}
        </Button>
      </Dialog.Footer>
    </>
  );
}
