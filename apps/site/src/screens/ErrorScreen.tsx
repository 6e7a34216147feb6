import { Button } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';
import { useMarkAppReady } from '../layout/appReady';
import * as styles from './ErrorScreen.css';

export type ErrorScreenProps = {
  /** The error's message, shown under the heading "Unexpected Application Error!". */
  message: string;
};

/** What a person sees for an unknown route or an error no screen handled. */
export function ErrorScreen({ message }: ErrorScreenProps) {
  useMarkAppReady();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.message}>{message}</p>
      <Button asChild>
        <Link to="/">Go Back to Homepage</Link>
      </Button>
    </main>
  );
}
