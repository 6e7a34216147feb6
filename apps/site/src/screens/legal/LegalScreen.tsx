import type { LegalDocument } from '../../content/types';
import * as styles from './LegalScreen.css';

export type LegalScreenProps = {
  /** The document to show: the regulations, the privacy policy or the terms of service. */
  document: LegalDocument;
};

/** A heading's anchor: "1. Who can use the services" becomes "who-can-use-the-services". */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * /regulations, /privacy-policy and /terms-of-service: a legal document, its title as the page's
 * heading, the date it was last updated, a list of its sections, then the sections under their own
 * headings.
 */
export function LegalScreen({ document }: LegalScreenProps) {
  const sections = document.sections.map((section) => ({ ...section, anchor: anchorOf(section.heading) }));
  return (
    <main className={styles.page}>
      <article className={styles.article} aria-labelledby="legal-title">
        <header className={styles.header}>
          <h1 id="legal-title" className={styles.title}>
            {document.title}
          </h1>
          <p className={styles.updated}>Last updated {document.updated}</p>
        </header>
        <p className={styles.intro}>{document.intro}</p>
        <nav className={styles.contents} aria-labelledby="legal-contents">
          <h2 id="legal-contents" className={styles.contentsTitle}>
            On this page
          </h2>
          <ul className={styles.contentsList}>
            {sections.map((section) => (
              <li key={section.anchor}>
                <a className={styles.contentsLink} href={`#${section.anchor}`}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map((section) => (
          <section key={section.anchor} className={styles.section} aria-labelledby={section.anchor}>
            <h2 id={section.anchor} className={styles.sectionTitle}>
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
            {section.list && (
              <ul className={styles.list}>
                {section.list.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </main>
  );
}
