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
    // The notification shows itself on the overview; a queue's change is the back office's; a
    // backtest's progress shows on its own screen.
    case 'notification.changed':
    case 'queue.changed':
    case 'backtest.progress':
    // The notification shows itself on the overview; a queue's change is the back office's; a fund's
    // events refresh the screens that show it.
    case 'notification.changed':
    case 'queue.changed':
    case 'fund.filled':
    case 'fund.changed':
    case 'fund.valued':
    case 'fund.request_priced':
    case 'fund.paused':
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
