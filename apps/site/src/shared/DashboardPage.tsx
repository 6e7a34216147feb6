import type { ReactNode } from 'react';
import * as styles from './DashboardPage.css';

export type DashboardPageProps = {
  /** The page's one `<h1>`. */
  title: ReactNode;
  /** A sentence under the title. */
  brief?: ReactNode;
  /** Controls beside the title (they wrap under it on narrow screens). */
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * The frame of a dashboard screen inside the shell's `<main>`: its heading, an optional brief and
 * actions, then its sections, spaced evenly.
 */
export function DashboardPage({ title, brief, actions, children }: DashboardPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {brief && <p className={styles.brief}>{brief}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
