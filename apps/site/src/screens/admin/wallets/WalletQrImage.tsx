import { unwrap } from '@ledgerline/api-client';
import { Spinner } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../../api/api';
import type { Wallet } from './useAdminWallets';
import * as styles from './WalletsScreen.css';

/**
 * A wallet's QR code as the server renders it from the stored address (the one users will scan), fetched
 * through the API client like every other call and shown from memory. The server serves it only while
 * the wallet is active, so an inactive wallet shows a sentence instead.
 */
export function WalletQrImage({ wallet }: { wallet: Wallet }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { _id: walletId, active } = wallet;

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setUrl(null);
    setFailed(false);
    unwrap(
      api.GET('/wallets/{walletId}/qr.png', {
        params: { path: { walletId } },
        parseAs: 'blob',
        signal: controller.signal,
      }),
    )
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob as Blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [walletId, active]);

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
