import { Accordion, AssetClassCard, Button, Card, Steps } from '@ledgerline/ui';
import { siteConfig } from '../../config';
import {
  assetClasses,
  homeFaq,
  homeHero,
  homeSections,
  howItWorksSteps,
  investNowHero,
  securityCommitments,
} from '../../content/home';
import type { Hero } from '../../content/types';
import { framedIllustration } from '../illustration.css';
import * as styles from './HomeScreen.css';

const config = { productName: siteConfig.productName, supportEmail: siteConfig.supportEmail };

function HeroBlock({ hero, headingLevel }: { hero: Hero; headingLevel: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  const first = headingLevel === 'h1';
  return (
    <section className={first ? styles.hero : styles.investNow} aria-label={hero.title}>
      <div className={styles.heroText}>
        <Heading className={first ? styles.heroTitle : styles.sectionTitle}>{hero.title}</Heading>
        <p className={first ? styles.lead : styles.bandLead}>{hero.brief}</p>
        <div className={styles.actions}>
          {hero.actions.map((action, index) => (
            <Button key={action.href} asChild size="lg" variant={index === 0 ? 'primary' : 'secondary'}>
              <a href={action.href}>{action.label}</a>
            </Button>
          ))}
        </div>
      </div>
      {hero.image && (
        // Decorative: the heading says it all. The first hero's picture is in the first screen and
        // loads at once, first; the lower one waits until it is scrolled near.
        <img
          className={`${styles.heroIllustration} ${framedIllustration}`}
          src={hero.image}
          alt=""
          width={480}
          height={360}
          loading={first ? undefined : 'lazy'}
          // On a phone the first picture is the largest thing on the first screen (its LCP).
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
        />
      )}
    </section>
  );
}

/** A card's or a step's picture: decorative (its title follows), below the first screen. */
function Icon({ src, className = styles.icon }: { src: string | undefined; className?: string }) {
  if (!src) return undefined;
  return (
    <img className={className} src={src} alt="" width={48} height={48} loading="lazy" decoding="async" />
  );
}

/** The public home page: heroes, asset classes, security, how it works and the FAQ. */
export function HomeScreen() {
  const sections = homeSections(config);
  const faq = homeFaq(config);
  return (
    <main className={styles.page}>
      <HeroBlock hero={homeHero(config)} headingLevel="h1" />

      <section className={styles.section} aria-labelledby="asset-classes">
        <h2 id="asset-classes" className={styles.sectionTitle}>
          {sections.assetClasses.title}
        </h2>
        <p className={styles.lead}>{sections.assetClasses.brief}</p>
        <div className={styles.grid}>
          {assetClasses.map((item) => (
            <AssetClassCard
              key={item.title}
              title={item.title}
              brief={item.brief}
              icon={<Icon src={item.image} />}
            />
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="security">
        <h2 id="security" className={styles.sectionTitle}>
          {sections.security.title}
        </h2>
        <p className={styles.lead}>{sections.security.brief}</p>
        <div className={styles.grid}>
          {securityCommitments.map((item) => (
            <Card key={item.title} title={item.title} titleAs="h3">
              <Icon src={item.image} className={styles.cardIcon} />
              <p className={styles.cardText}>{item.brief}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={styles.sectionTitle}>
          {sections.steps.title}
        </h2>
        <p className={styles.lead}>{sections.steps.brief}</p>
        <Steps
          orientation="horizontal"
          steps={howItWorksSteps.map((step) => ({
            title: step.title,
            description: step.brief,
            icon: <Icon src={step.image} />,
          }))}
        />
      </section>

      <HeroBlock hero={investNowHero} headingLevel="h2" />

      <section id="faq" className={styles.section} aria-labelledby="faq-title">
        <h2 id="faq-title" className={styles.sectionTitle}>
          {sections.faq.title}
        </h2>
        <p className={styles.lead}>{sections.faq.brief}</p>
        <Accordion.Root>
          {faq.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Trigger>{item.question}</Accordion.Trigger>
              <Accordion.Content>{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>
    </main>
  );
}
