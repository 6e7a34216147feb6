import { Button, PageHeader } from '@ledgerline/ui';
import { siteConfig } from '../../config';
import { aboutBlocks, aboutHeader, tradeWithUs, worldLocations } from '../../content/about';
import { ContentLink, SiteLink } from '../../layout/siteNavigation';
import { framedIllustration } from '../illustration.css';
import * as styles from './AboutScreen.css';
import { NewsletterBlock } from './NewsletterBlock';

const config = { productName: siteConfig.productName, supportEmail: siteConfig.supportEmail };

/** What the world map marks, for people who cannot see it (the picture's alt text). */
export const worldMapAlt =
  'A stylised world map with markers on North America, South America, Europe, Africa, Asia and Oceania.';

/**
 * /about-us: the page header, the six info blocks, the world-locations map, "trade with us" and the
 * newsletter. Illustrations are decorative, except the map, which says what it marks.
 */
export function AboutScreen() {
  const header = aboutHeader(config);
  const blocks = aboutBlocks(config);
  const world = worldLocations(config);
  const trade = tradeWithUs(config);
  return (
    <main className={styles.page}>
      <PageHeader
        title={header.title}
        brief={header.brief}
        actions={
          <Button asChild size="lg">
            <SiteLink href="/sign-up">{header.buttonLabel}</SiteLink>
          </Button>
        }
        illustration={
          header.image && (
            <img
              className={`${styles.headerIllustration} ${framedIllustration}`}
              src={header.image}
              // The largest thing on the first screen (its LCP): fetched first.
              fetchPriority="high"
              alt=""
              width={480}
              height={360}
            />
          )
        }
      />

      <div className={styles.blocks}>
        {blocks.map((block) => (
          <section key={block.id} className={styles.block} aria-labelledby={`about-${block.id}`}>
            {block.image && (
              <img className={styles.blockIcon} src={block.image} alt="" width={56} height={56} />
            )}
            <h2 id={`about-${block.id}`} className={styles.blockTitle}>
              {block.title}
            </h2>
            <p className={styles.blockText}>{block.brief}</p>
            {block.href && block.buttonLabel && (
              <Button asChild variant="secondary" className={styles.blockAction}>
                <ContentLink href={block.href}>{block.buttonLabel}</ContentLink>
              </Button>
            )}
          </section>
        ))}
      </div>

      <section className={styles.split} aria-labelledby="world-locations">
        <div className={styles.text}>
          <h2 id="world-locations" className={styles.sectionTitle}>
            {world.title}
          </h2>
          <p className={styles.lead}>{world.brief}</p>
        </div>
        {world.image && (
          <img className={styles.map} src={world.image} alt={worldMapAlt} width={720} height={280} />
        )}
      </section>

      <section className={`${styles.split} ${styles.band}`} aria-labelledby="trade-with-us">
        <div className={styles.text}>
          <h2 id="trade-with-us" className={styles.sectionTitle}>
            {trade.title}
          </h2>
          <p className={`${styles.lead} ${styles.bandLead}`}>{trade.brief}</p>
          <Button asChild size="lg">
            <SiteLink href="/sign-in">{trade.buttonLabel}</SiteLink>
          </Button>
        </div>
        {trade.image && (
          <img
            className={`${styles.bandIllustration} ${framedIllustration}`}
            src={trade.image}
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
          />
        )}
      </section>

      <NewsletterBlock />
    </main>
  );
}
