import { Badge, Button, Card, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useReload } from '../../../../api/queryClient';
import { securityQuery } from '../../../../shared/securityQuery';
import { AntiPhishingPhraseDialog } from './AntiPhishingPhraseDialog';
import * as styles from './SecurityPanels.css';

const purpose =
  'A phrase of your own that every mail from us shows at the top. A mail that claims to be from us without it is forged: do not follow its links.';

/**
 * The anti-phishing phrase: whether one is set and what it is (only its owner sees this page), with
 * buttons to set, change or remove it, each asking for the password.
 */
export function AntiPhishingPhrasePanel() {
  const security = useQuery(securityQuery);
  const reloadSecurity = useReload(securityQuery.queryKey);
  const [dialog, setDialog] = useState<'set' | 'remove' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  let content: ReactNode;
  if (security.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading the anti-phishing phrase" />
      </div>
    );
  } else if (security.isError) {
    content = (
      <div className={styles.failed}>
        <p className={styles.failedText}>
          The anti-phishing phrase could not be loaded: {security.error.msg}
        </p>
        <Button variant="secondary" onClick={reloadSecurity}>
          Try again
        </Button>
      </div>
    );
  } else {
    const phrase = security.data.antiPhishingPhrase;
    content = (
      <div className={styles.stateRow}>
        <div className={styles.stateText}>
          <p className={styles.entryTitle}>
            <Badge tone={phrase ? 'success' : 'neutral'}>{phrase ? 'Set' : 'Not set'}</Badge>
            {phrase && <span className={styles.phrase}>«{phrase}»</span>}
          </p>
          <p className={styles.muted}>{purpose}</p>
          {saved && (
            <p role="status" className={styles.muted}>
              {saved}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          {phrase && (
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setDialog('remove')}>
              Remove
            </Button>
          )}
          <Button
            variant={phrase ? 'secondary' : 'primary'}
            aria-haspopup="dialog"
            onClick={() => setDialog('set')}
          >
            {phrase ? 'Change' : 'Set a phrase'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card title="Anti-phishing phrase" titleAs="h2">
      {content}
      {security.isSuccess && (
        <AntiPhishingPhraseDialog
          // A fresh form once the phrase has changed, filled with the new one.
          key={security.data.antiPhishingPhrase ?? ''}
          mode={dialog}
          current={security.data.antiPhishingPhrase}
          onClose={() => setDialog(null)}
          onSaved={(msg) => {
            setDialog(null);
            setSaved(msg);
            reloadSecurity();
          }}
        />
      )}
    </Card>
  );
}
