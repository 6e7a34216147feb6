import { Button, Dialog } from '@ledgerline/ui';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../shared/formatDate';
import * as queueStyles from '../review/ReviewQueue.css';
import * as styles from './AuditLogScreen.css';
import { type AuditEntry, actionLabel, detailLines, targetLabel } from './auditText';

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** One audit entry in full: who, what, when, on whom and on what, why, and every detail the server recorded. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  // The last entry stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(entry);
  if (entry !== null && entry !== shown) setShown(entry);
  const row = entry ?? shown;

  return (
    <Dialog.Root open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      {row && (
        <Dialog.Content showCloseButton={false}>
          <Dialog.Title>{actionLabel(row.action)}</Dialog.Title>
          <Dialog.Description>
            By <span className={queueStyles.name}>{row.actor.fullname}</span>, {formatDateTime(row.createdAt)}
            .
          </Dialog.Description>
          <Dialog.Body>
            <dl className={styles.details}>
              <Line term="When">
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </Line>
              <Line term="Admin">
                <span className={queueStyles.name}>{row.actor.fullname}</span> ({row.actor.email})
              </Line>
              <Line term="Action">
                {actionLabel(row.action)} <span className={styles.mono}>({row.action})</span>
              </Line>
              <Line term="User">
                {row.user ? (
                  <>
                    <span className={queueStyles.name}>{row.user.fullname}</span> ({row.user.email})
                  </>
                ) : (
                  <span className={styles.none}>None: not an action on a user</span>
                )}
              </Line>
              <Line term="Target">
                {targetLabel(row.targetType)} <span className={styles.mono}>{row.targetId}</span>
              </Line>
              <Line term="Reason">{row.reason ?? <span className={styles.none}>None given</span>}</Line>
              {detailLines(row.details).map(({ label, value }) => (
                <Line key={label} term={label}>
                  {value}
                </Line>
              ))}
            </dl>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </Dialog.Footer>
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
