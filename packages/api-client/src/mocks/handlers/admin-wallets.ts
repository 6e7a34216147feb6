import { walletQrPng } from '../fixtures/images';
import { walletDeleted } from '../fixtures/messages';
import { walletProposed } from '../fixtures/submissions';
import { allWallets, bitcoinWallet } from '../fixtures/wallets';
import { imageOperation, jsonOperation } from '../mock-operation';

/** The wallet a change names, with the name and active switch the admin sent (type and address as they were). */
async function changedWallet(walletId: unknown, request: Request) {
  const wallet = allWallets.find((candidate) => candidate._id === walletId) ?? bitcoinWallet;
  const change: unknown = await request.json().catch(() => null);
  if (typeof change !== 'object' || change === null) return wallet;
  return {
    ...wallet,
    ...('walletName' in change && typeof change.walletName === 'string'
      ? { walletName: change.walletName }
      : {}),
    ...('active' in change && typeof change.active === 'boolean' ? { active: change.active } : {}),
  };
}

export const adminWalletMocks = {
  adminListWallets: jsonOperation('adminListWallets', 'get', '/admin/wallets', {
    status: 200,
    fixture: () => allWallets,
  }),
  /** Every new wallet is proposed: it exists once a second admin approves it. */
  adminCreateWallet: jsonOperation('adminCreateWallet', 'post', '/admin/wallets', {
    status: 202,
    fixture: () => walletProposed,
  }),
  /** The QR code of a wallet not yet saved, drawn from the address sent. */
  adminPreviewWalletQr: imageOperation('adminPreviewWalletQr', 'post', '/admin/wallets/qr-preview', {
    fixture: walletQrPng,
  }),
  adminUpdateWallet: jsonOperation('adminUpdateWallet', 'patch', '/admin/wallets/{walletId}', {
    status: 200,
    fixture: async ({ params, request }) => ({
      msg: 'Wallet updated',
      wallet: await changedWallet(params.walletId, request),
    }),
  }),
  adminDeleteWallet: jsonOperation('adminDeleteWallet', 'delete', '/admin/wallets/{walletId}', {
    status: 200,
    fixture: () => walletDeleted,
  }),
};
