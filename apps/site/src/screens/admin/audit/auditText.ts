import type { Schemas } from '@ledgerline/api-client';
import { formatUsd } from '@ledgerline/ui';

export type AuditEntry = Schemas['AuditEntry'];

/** Every action the server writes to the audit log, as the back office names it. */
export const actionLabels = {
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'kyc.approve': 'KYC approved',
  'kyc.reject': 'KYC rejected',
  'wallet.create': 'Wallet created',
  'wallet.update': 'Wallet updated',
  'wallet.delete': 'Wallet deleted',
  'ledger.post': 'Ledger entry posted',
  'notification.set': 'Notification set',
  'fund.update': 'Fund paused or resumed',
  'admin.invite': 'Admin invited',
  'admin.accept': 'Admin invitation accepted',
  'admin.invitation-cancel': 'Admin invitation cancelled',
  'admin.remove': 'Admin removed',
  'approval.propose': 'Change proposed',
  'approval.reject': 'Proposal rejected',
  'fund.create': 'Fund created',
  'trading.pause': 'Trading paused',
  'trading.resume': 'Trading resumed',
} as const;

export type AuditAction = keyof typeof actionLabels;

/** An action's label; one this screen does not know yet is shown as the server wrote it. */
export function actionLabel(action: string): string {
  return Object.hasOwn(actionLabels, action) ? actionLabels[action as AuditAction] : action;
}

const targetLabels: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  kyc: 'KYC request',
  wallet: 'Wallet',
  user: 'User',
  fund: 'Fund',
  admin_invitation: 'Invitation',
};

export function targetLabel(targetType: string): string {
  return targetLabels[targetType] ?? targetType;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the entry acted on, in a few words: a request by its reference and a wallet by its name (people
 * search by those), anything else by the start of its id, with the reference of what was posted.
 */
export function targetSummary(entry: AuditEntry): string {
  const { details } = entry;
  const previous = isRecord(details.previous) ? details.previous : {};
  const name = details.walletName ?? previous.walletName;
  const ref = typeof details.ref === 'string' ? details.ref : null;
  const label = targetLabel(entry.targetType);
  if (ref && (entry.targetType === 'deposit' || entry.targetType === 'withdrawal')) return `${label} ${ref}`;
  if (typeof name === 'string') return `${label} ${name}`;
  const short = `${label} ${entry.targetId.slice(0, 8)}`;
  return ref ? `${short} · ${ref}` : short;
}

/** The details' keys as people read them; any other key is spelled out from its camelCase. */
const detailLabels: Record<string, string> = {
  ref: 'Reference',
  amount: 'Amount',
  userId: 'User ID',
  journalId: 'Journal ID',
  kind: 'Kind',
  memo: 'Memo',
  document: 'Document',
  title: 'Title',
  persistent: 'Persistent',
  seen: 'Seen',
  walletName: 'Wallet name',
  type: 'Coin',
  address: 'Address',
  network: 'Network',
  active: 'Active',
  approval: 'Approval',
  previous: 'Previous',
};

function detailLabel(key: string): string {
  const known = detailLabels[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Amounts in the log are USD numbers (whole cents).
  if (key === 'amount' && (typeof value === 'number' || typeof value === 'string')) {
    return formatUsd(value, { display: 'code' });
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One line of an entry's details: "Previous · Wallet name", "Bitcoin main". */
export type DetailLine = { label: string; value: string };

/**
 * The details as labelled lines, nested values flattened ("Previous · Address"); a change written as
 * `{ from, to }` reads as one line, "Yes → No".
 */
export function detailLines(details: Record<string, unknown>, prefix = ''): DetailLine[] {
  return Object.entries(details).flatMap(([key, value]): DetailLine[] => {
    const label = prefix ? `${prefix} · ${detailLabel(key)}` : detailLabel(key);
    if (isRecord(value)) {
      const keys = Object.keys(value);
      if (keys.length === 2 && 'from' in value && 'to' in value) {
        return [{ label, value: `${detailValue(key, value.from)} → ${detailValue(key, value.to)}` }];
      }
      return detailLines(value, label);
    }
    return [{ label, value: detailValue(key, value) }];
  });
}
