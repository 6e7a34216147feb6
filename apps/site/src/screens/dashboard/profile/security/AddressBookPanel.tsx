import { ApiError, unwrap } from '@ledgerline/api-client';
import {
  AddressText,
  Badge,
  Button,
  Card,
  Dialog,
  Spinner,
  Switch,
  toast,
  visuallyHidden,
} from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { api } from '../../../../api/api';
import { useReload } from '../../../../api/queryClient';
import { useClock } from '../../../../shared/clock';
import { formatDateTime } from '../../../../shared/formatDate';
import { networkLabels } from '../../../../shared/networks';
import { showRequestFailure } from '../../../../shared/requestFailure';
import { securityQuery } from '../../../../shared/securityQuery';
import {
  addressBookQuery,
  HoldCountdown,
  holdLeftMs,
  type SavedAddress,
  useNow,
} from '../../withdrawal/savedAddresses';
import * as bookStyles from './AddressBookPanel.css';
import { SaveAddressDialog } from './SaveAddressDialog';
import * as styles from './SecurityPanels.css';
import { TurnOffAddressLockDialog } from './TurnOffAddressLockDialog';

/** "after 24 hours", "after 90 minutes", "at once". */
export function holdText(minutes: number): string {
  if (minutes === 0) return 'at once';
  if (minutes % 60 === 0) return `after ${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const coinNames = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', usdt: 'USDT' } as const;

/**
 * The address book: the account's saved withdrawal addresses, each with its name, coin and network,
 * and, while the lock is on and its hold lasts, a live countdown to when it can receive withdrawals.
 * The lock "Only allow withdrawals to my saved addresses" turns on at once; turning it off asks for a
 * code from the app while two-factor is on, else the password, and takes effect only after the hold
 * (the panel says when, and "Keep the lock on" cancels it). Removing an address asks first.
 */
export function AddressBookPanel() {
  const book = useQuery(addressBookQuery);
  const reloadBook = useReload(addressBookQuery.queryKey);
  const security = useQuery(securityQuery);
  const twoFactorOn = security.isSuccess && security.data.twoFactorEnabled;
  const [dialog, setDialog] = useState<'save' | 'lockOff' | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLSpanElement>(null);
  /** Set once an address is removed, so that its dialog's closing puts focus on the heading. */
  const removed = useRef(false);

  const clock = useClock();
  const data = book.isSuccess ? book.data : null;
  // The countdowns tick only while the lock is on and an address is still held.
  const anyHeld =
    data?.lockEnabled === true && data.addresses.some((saved) => holdLeftMs(saved, clock()) > 0);
  const now = useNow(anyHeld);

  const setLock = async (enabled: boolean) => {
    if (!enabled) {
      setDialog('lockOff');
      return;
    }
    setPending(true);
    try {
      const { msg } = await unwrap(api.PUT('/users/withdrawal-address-lock', { body: { enabled } }));
      toast.success(msg);
      reloadBook();
    } catch (error) {
      showRequestFailure(error);
    } finally {
      setPending(false);
    }
  };

  const remove = async (address: SavedAddress) => {
    setPending(true);
    try {
      const { msg } = await unwrap(
        api.DELETE('/users/withdrawal-addresses/{addressId}', {
          params: { path: { addressId: address._id } },
        }),
      );
      toast.success(msg);
      removed.current = true;
      setRemoving(null);
      reloadBook();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) showRequestFailure(error);
    } finally {
      setPending(false);
    }
  };

  let content: ReactNode;
  if (book.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading your saved addresses" />
      </div>
    );
  } else if (book.isError) {
    content = (
      <div className={styles.failed}>
        <p className={styles.failedText}>Your saved addresses could not be loaded: {book.error.msg}</p>
        <Button variant="secondary" onClick={reloadBook}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { lockEnabled, lockOffAt, holdMinutes, addresses } = book.data;
    content = (
      <div className={styles.panelBody}>
        <Switch
          label="Only allow withdrawals to my saved addresses"
          description={`While this is on, a withdrawal to any other address is refused, and a newly saved address can receive withdrawals ${holdText(holdMinutes)}. Turning it off takes effect ${holdText(holdMinutes)} and needs a code from your authenticator app when two-factor is on, else your password.`}
          // While a turning off waits, the lock holds: the switch stays on, and the line below says when.
          checked={lockEnabled}
          // Turning the lock off asks for a code when two-factor is on, so the switch waits until
          // the account's two-factor state has loaded.
          disabled={pending || security.isPending}
          onCheckedChange={(checked) => void setLock(checked)}
        />
        {lockOffAt && (
          <div className={styles.footer}>
            <p className={styles.muted}>
              The lock turns off on {formatDateTime(lockOffAt)}. The mail we sent you can cancel it, and so
              can this button.
            </p>
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => void setLock(true)}>
              Keep the lock on
            </Button>
          </div>
        )}
        {addresses.length === 0 ? (
          <p className={styles.muted}>No saved addresses yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Saved addresses">
            {addresses.map((address) => {
              const held = lockEnabled && holdLeftMs(address, now) > 0;
              return (
                <li key={address._id} className={styles.listItem}>
                  <div className={bookStyles.address}>
                    <p className={styles.entryTitle}>
                      {address.label}
                      {lockEnabled &&
                        (held ? <Badge tone="warning">On hold</Badge> : <Badge tone="success">Ready</Badge>)}
                      {held && (
                        <span className={bookStyles.countdown}>
                          <HoldCountdown address={address} now={now} />
                        </span>
                      )}
                    </p>
                    <p className={styles.entryMeta}>
                      {coinNames[address.type]} · {networkLabels[address.network]}
                    </p>
                    <AddressText address={address.address} copyable={false} />
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-haspopup="dialog"
                    disabled={pending}
                    onClick={() => setRemoving(address)}
                  >
                    Remove<span className={visuallyHidden}> {address.label}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <div className={styles.footer}>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setDialog('save')}>
            Save an address
          </Button>
        </div>
        <SaveAddressDialog
          open={dialog === 'save'}
          onOpenChange={(open) => setDialog(open ? 'save' : null)}
          twoFactorOn={twoFactorOn}
          holdText={holdText(holdMinutes)}
          onSaved={(msg) => {
            toast.success(msg);
            reloadBook();
          }}
        />
      </div>
    );
  }

  return (
    <Card
      title={
        // Takes focus when the address just removed and its button go away.
        <span ref={headingRef} tabIndex={-1} className={styles.titleFocus}>
          Address book
        </span>
      }
      titleAs="h2"
    >
      {content}
      <TurnOffAddressLockDialog
        open={dialog === 'lockOff'}
        onOpenChange={(open) => setDialog(open ? 'lockOff' : null)}
        twoFactorOn={twoFactorOn}
        holdText={holdText(book.data?.holdMinutes ?? 0)}
        onTurnedOff={(msg) => {
          toast.success(msg);
          reloadBook();
        }}
      />
      <Dialog.Root
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !pending) setRemoving(null);
        }}
      >
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            // The removed address's button is gone: focus goes to the panel's heading instead.
            if (removed.current) {
              event.preventDefault();
              removed.current = false;
              headingRef.current?.focus();
            }
          }}
        >
          <Dialog.Title>Remove this address?</Dialog.Title>
          <Dialog.Description>
            {removing
              ? `"${removing.label}" (${networkLabels[removing.network]}) will no longer be offered for withdrawals. Saving it again starts a new hold.`
              : null}
          </Dialog.Description>
          {removing && (
            <Dialog.Body>
              <AddressText address={removing.address} copyable={false} />
            </Dialog.Body>
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" loading={pending} onClick={() => removing && void remove(removing)}>
              Remove address
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </Card>
  );
}
