import { unwrap } from '@ledgerline/api-client';
import { AddressText, Badge, Button, CoinIcon, Table, toast, visuallyHidden } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import { api } from '../../../api/api';
import { coinName } from '../../../shared/coins';
import { DashboardPage } from '../../../shared/DashboardPage';
import { showRequestFailure } from '../../../shared/requestFailure';
import { ReviewQueue } from '../review/ReviewQueue';
import { AddWalletDialog } from './AddWalletDialog';
import { DeleteWalletDialog } from './DeleteWalletDialog';
import { RenameWalletDialog } from './RenameWalletDialog';
import { useAdminWallets, type Wallet } from './useAdminWallets';
import * as styles from './WalletsScreen.css';

const noMorePages = () => undefined;

/**
 * /admin/wallets: the platform's receiving wallets, active and inactive. Users pay deposits to the
 * active ones; an admin proposes a new one (after checking the QR code the server renders from its
 * address) or a reactivation, which a second admin approves; renames or deactivates one at once, or
 * deletes one no deposit references.
 */
export function WalletsScreen() {
  const { state, reload, saved, removed } = useAdminWallets();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Wallet | null>(null);
  const [deleting, setDeleting] = useState<Wallet | null>(null);
  const [switching, setSwitching] = useState<ReadonlySet<string>>(new Set());
  const addButton = useRef<HTMLButtonElement>(null);

  const setActive = async (wallet: Wallet, active: boolean) => {
    setSwitching((current) => new Set(current).add(wallet._id));
    try {
      const answer = await unwrap(
        api.PATCH('/admin/wallets/{walletId}', {
          params: { path: { walletId: wallet._id } },
          body: { active },
        }),
      );
      // Reactivating one could send deposits to it again: it is only proposed, for a second admin.
      if (!('wallet' in answer)) {
        toast.success(`${answer.msg}: ${wallet.walletName}`);
        return;
      }
      saved(answer.wallet);
      toast.success(
        answer.wallet.active
          ? `${answer.wallet.walletName} is active: users can pay to it`
          : `${answer.wallet.walletName} is inactive: users no longer see it`,
      );
    } catch (error) {
      showRequestFailure(error);
    } finally {
      setSwitching((current) => {
        const next = new Set(current);
        next.delete(wallet._id);
        return next;
      });
    }
  };

  return (
    <DashboardPage
      title="Wallets"
      brief="The addresses users pay their deposits to. Only active wallets are offered."
      actions={
        <Button ref={addButton} aria-haspopup="dialog" onClick={() => setAdding(true)}>
          Add a wallet
        </Button>
      }
    >
      <ReviewQueue
        state={state}
        loadMore={noMorePages}
        reload={reload}
        plural="wallets"
        singular="wallet"
        emptyTitle="No wallet yet: add one for users to pay deposits to"
        columns={
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Coin</Table.ColumnHeader>
            <Table.ColumnHeader>Address</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Actions</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(wallet) => (
          <Table.Row key={wallet._id}>
            <Table.RowHeader className={styles.name}>{wallet.walletName}</Table.RowHeader>
            <Table.Cell>
              <span className={styles.coin}>
                <CoinIcon coin={wallet.type} size="sm" title={null} />
                {coinName(wallet.type)}
              </span>
            </Table.Cell>
            <Table.Cell>
              <AddressText className={styles.address} address={wallet.address} />
            </Table.Cell>
            <Table.Cell>
              {wallet.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
            </Table.Cell>
            <Table.Cell>
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-haspopup="dialog"
                  onClick={() => setRenaming(wallet)}
                >
                  Rename<span className={visuallyHidden}> {wallet.walletName}</span>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={switching.has(wallet._id)}
                  onClick={() => void setActive(wallet, !wallet.active)}
                >
                  {wallet.active ? 'Deactivate' : 'Activate'}
                  <span className={visuallyHidden}> {wallet.walletName}</span>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-haspopup="dialog"
                  onClick={() => setDeleting(wallet)}
                >
                  Delete<span className={visuallyHidden}> {wallet.walletName}</span>
                </Button>
              </div>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <AddWalletDialog open={adding} onOpenChange={setAdding} />
      <RenameWalletDialog wallet={renaming} onClose={() => setRenaming(null)} onSaved={saved} />
      <DeleteWalletDialog
        wallet={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(wallet) => removed(wallet._id)}
        focusAfterDelete={() => addButton.current?.focus()}
      />
    </DashboardPage>
  );
}
