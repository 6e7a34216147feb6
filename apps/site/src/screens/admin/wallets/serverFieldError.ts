import { ApiError } from '@ledgerline/api-client';

/** A wallet field the server names at the start of its 400 message ("address is not a valid Bitcoin address"). */
export type WalletTextField = 'walletName' | 'address';

export type ServerFieldError = { field: WalletTextField; message: string };

/**
 * The server's refusal of a wallet as an error under the field it names, or null when it names no
 * field the form shows as text (it is then a toast). The server starts the message with the field's
 * contract name; the form shows the field's label in its place: "Address is not a valid Bitcoin address".
 */
export function serverFieldError(
  error: unknown,
  labels: Partial<Record<WalletTextField, string>>,
): ServerFieldError | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  for (const field of Object.keys(labels) as WalletTextField[]) {
    const label = labels[field];
    if (label && error.msg.startsWith(`${field} `)) {
      return { field, message: `${label}${error.msg.slice(field.length)}` };
    }
  }
  return null;
}
