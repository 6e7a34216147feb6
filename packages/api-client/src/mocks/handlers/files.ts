import { receiptPng, walletQrPng } from '../fixtures/images';
import { imageOperation } from '../mock-operation';

const extensions = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export const filesMocks = {
  /** A receipt or KYC image; the headers are the ones the contract requires of every download. */
  downloadFile: imageOperation('downloadFile', 'get', '/files/{fileId}', {
    fixture: receiptPng,
    headers: ({ params }, contentType) => ({
      'Content-Disposition': `inline; filename="${String(params.fileId)}.${extensions[contentType]}"`,
      'X-Content-Type-Options': 'nosniff',
    }),
  }),
  getWalletQr: imageOperation('getWalletQr', 'get', '/wallets/{walletId}/qr.png', { fixture: walletQrPng }),
};
