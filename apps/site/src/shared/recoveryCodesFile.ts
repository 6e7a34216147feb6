import { siteConfig } from '../config';

/** "ledgerline-recovery-codes.txt": the product's name, lower-cased, as the file's prefix. */
export function recoveryCodesFileName(productName = siteConfig.productName): string {
  const prefix = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${prefix || 'account'}-recovery-codes.txt`;
}

/** The file's text: what the codes are for, then one code a line (CRLF, so every editor shows the lines). */
export function recoveryCodesText(codes: readonly string[], productName = siteConfig.productName): string {
  return [
    `${productName} recovery codes`,
    '',
    'Each code signs you in once in place of a code from your authenticator app.',
    'Keep them somewhere safe: they are not shown again.',
    '',
    ...codes,
    '',
  ].join('\r\n');
}

/** Saves the codes as a text file through a temporary Blob link; nothing is sent anywhere. */
export function downloadRecoveryCodes(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = recoveryCodesFileName();
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
