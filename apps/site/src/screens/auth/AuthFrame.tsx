import { Logo } from '@ledgerline/ui';
import type { ReactNode } from 'react';
import { siteConfig } from '../../config';
import { useMarkAppReady } from '../../layout/appReady';
import { SiteLink } from '../../layout/siteNavigation';
import * as styles from './AuthFrame.css';

export type AuthFrameProps = {
  /** The page's one heading. */
  title: ReactNode;
  /** A line under the heading. */
  brief?: ReactNode;
  /** The wider card, for the sign-up form's two-column rows. @default false */
  wide?: boolean;
  children: ReactNode;
};

/** The auth pages' frame: no header or footer, only a logo linking home and the form. */
export function AuthFrame({ title, brief, wide = false, children }: AuthFrameProps) {
  useMarkAppReady();
  return (
    <main className={styles.page}>
      <Logo productName={siteConfig.productName} asChild>
        <SiteLink href="/" />
      </Logo>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <div className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {brief ? <p className={styles.brief}>{brief}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
