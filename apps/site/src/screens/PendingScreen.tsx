import { Spinner } from '@ledgerline/ui';
import * as styles from './ErrorScreen.css';

/** What a person sees while a page's data takes more than a moment to arrive. */
export function PendingScreen() {
  return (
    <div className={styles.page}>
      <Spinner label="Loading the page" />
    </div>
  );
}
