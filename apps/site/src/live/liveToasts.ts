import { formatUsd, toast } from '@ledgerline/ui';
import type { LiveEvent } from './liveEvents';

/** What a toast says about an event, and whether it is good news; null for events without one. */
export function liveEventMessage(event: LiveEvent): { text: string; good: boolean } | null {
  switch (event.type) {
    case 'deposit.reviewed':
    case 'withdrawal.reviewed': {
      const noun = event.type === 'deposit.reviewed' ? 'deposit' : 'withdrawal';
      const amount = formatUsd(event.amount);
      return event.status === 'approved'
        ? { text: `Your ${noun} of ${amount} was approved`, good: true }
        : { text: withReason(`Your ${noun} of ${amount} was rejected`, event.reason), good: false };
    }
    case 'kyc.reviewed':
      return event.status === 'approved'
        ? { text: 'Your identity verification was approved', good: true }
        : { text: withReason('Your identity verification was rejected', event.reason), good: false };
    case 'ledger.posted': {
      const noun = { profit: 'A profit', bonus: 'A bonus', adjustment: 'An adjustment' }[event.kind];
      const amount = formatUsd(Math.abs(event.amount));
      return event.amount < 0
        ? { text: `${noun} of ${amount} was taken from your account`, good: false }
        : { text: `${noun} of ${amount} was added to your account`, good: true };
    }
    case 'fund.request_priced': {
      const noun = event.kind === 'investment' ? 'investment' : 'redemption';
      if (event.status === 'cancelled') {
        return {
          text: withReason(`Your ${noun} in ${event.fundName} was cancelled`, event.reason),
          good: false,
        };
      }
      const amount = event.amount === null ? '' : ` of ${formatUsd(event.amount)}`;
      // Units keep their six decimals less trailing zeros; the NAV per unit is shown to four decimals.
      const units = event.units === null ? '' : `: ${event.units.replace(/\.?0+$/, '')} units`;
      const nav =
        event.navPerUnit === null
          ? ''
          : ` at $${event.navPerUnit.slice(0, event.navPerUnit.indexOf('.') + 5)} each`;
      return { text: `Your ${noun}${amount} in ${event.fundName} was priced${units}${nav}`, good: true };
    }
    case 'fund.paused':
      return { text: `${event.fundName} stopped trading: ${event.reason}`, good: false };
    // The notification shows itself on the overview; a queue's change is the back office's; a
    // backtest's progress shows on its own screen; a fund's trades and valuations refresh the screens
    // that show it.
    case 'notification.changed':
    case 'queue.changed':
    case 'backtest.progress':
    case 'fund.filled':
    case 'fund.changed':
    case 'fund.valued':
      return null;
  }
}

function withReason(text: string, reason: string | null): string {
  return reason ? `${text}: ${reason}` : text;
}

/** Live toasts were not asked for by a click: they stay long enough to read them. */
const liveToastDuration = 6000;

/**
 * Raises the toast of an event. Both kinds are announced politely (a success, or a plain toast for bad
 * news): the news did not come from anything the person just did, so it waits for a pause rather than
 * interrupting what a screen reader is saying.
 */
export function showLiveToast(event: LiveEvent): void {
  const message = liveEventMessage(event);
  if (!message) return;
  if (message.good) toast.success(message.text, { duration: liveToastDuration });
  else toast(message.text, { duration: liveToastDuration });
}
