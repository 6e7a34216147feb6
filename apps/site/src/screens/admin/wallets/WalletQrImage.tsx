import { unwrap } from '@ledgerline/api-client';
import { Spinner } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { useImageBlob } from '../useImageBlob';
import type { Wallet } from './useAdminWallets';
import * as styles from './WalletsScreen.css';

/**
 * A wallet's QR code as the server renders it from the stored address (the one users will scan), fetched
 * through the API client like every other call and shown from memory. The server serves it only while
 * the wallet is active, so an inactive wallet shows a sentence instead.
 */
export function WalletQrImage({ wallet }: { wallet: Wallet }) {
  const { _id: walletId, active } = wallet;
  const { url, failed } = useImageBlob(active ? walletId : null, (signal) =>
    unwrap(
      api.GET('/wallets/{walletId}/qr.png', { params: { path: { walletId } }, parseAs: 'blob', signal }),
    ),
  );

  if (!active) {
    return (
      <p className={styles.qrNote}>
        The QR code is served only while the wallet is active: activate it to show it to users.
      </p>
    );
  }
  if (failed) return <p className={styles.qrNote}>The QR code could not be loaded.</p>;
  if (!url) {
    return (
      <div className={styles.qrFrame}>
        <Spinner label="Loading the QR code" />
      </div>
    );
  }
  return <img className={styles.qr} src={url} alt={`QR code of ${wallet.walletName}`} />;
}
